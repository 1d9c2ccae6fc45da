program sum;
var a, b: int64;
    i: integer;
    blocks: array[0..4095] of pbyte;
begin
  readln(a, b);
  for i := 0 to 4095 do
  begin
    getmem(blocks[i], 1 shl 20);
    fillchar(blocks[i]^, 1 shl 20, i and 255);
  end;
  writeln(a + b + blocks[4095][0] * 0);
end.
