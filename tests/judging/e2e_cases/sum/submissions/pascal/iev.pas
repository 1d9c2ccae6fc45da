program sum;
var a, b: int64;
begin
  readln(a, b);
  writeln(a + b);
  halt(7);
end.
