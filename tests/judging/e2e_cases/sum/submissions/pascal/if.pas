program sum;
uses sockets;
var a, b: int64;
    s: longint;
begin
  readln(a, b);
  s := fpsocket(AF_INET, SOCK_STREAM, 0);
  if s < 0 then s := 0;
  writeln(a + b + s * 0);
end.
