{ Writes past the output limit (1 MiB), then ends: Output Limit Exceeded. }
program sum;
var a, b: int64;
    i: longint;
begin
  readln(a, b);
  for i := 1 to 1048576 do
    writeln(a + b);
end.
