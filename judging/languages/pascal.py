"""Pascal: Free Pascal. -l- -v0ew: no banner, only errors and warnings in the compile output."""

from __future__ import annotations

from judging.languages.base import LanguageConfig

LANGUAGE = LanguageConfig(
    id="pascal",
    name="Pascal (Free Pascal)",
    extensions=("pas", "pp", "p"),
    compile_command="fpc -l- -v0ew -O2 -XS -Sg -o{exe} {source}",
    run_command="{dir}/{exe}",
    version_command="fpc -iW",
    source_name="main.pas",
    exe="main",
    selftest_source="""program sum;
var a, b: int64;
begin
  readln(a, b);
  writeln(a + b);
end.
""",
    selftest_input="20 22\n",
    selftest_output="42\n",
)
