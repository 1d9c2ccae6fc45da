program sum;
{ Free Pascal turns SIGSEGV into "Runtime error 216" (a plain exit code); restoring the default
  action makes the null write a crash by signal. }
uses baseunix;
var a, b: int64;
    p: ^int64;
begin
  readln(a, b);
  fpsignal(SIGSEGV, signalhandler(SIG_DFL));
  p := nil;
  p^ := a + b;
  writeln(a + b);
end.
