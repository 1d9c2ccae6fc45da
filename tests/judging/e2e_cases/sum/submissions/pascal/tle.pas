program sum;
var a, b: int64;
begin
  readln(a, b);
  while true do
    a := a + 1;
end.
