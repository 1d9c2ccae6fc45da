program sum;
var a, b: int64;
begin
  readln(a, b);
  while true do
    writeln(a + b);
end.
