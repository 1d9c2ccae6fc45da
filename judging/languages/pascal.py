"""Pascal: Free Pascal. -l- -v0ew: no banner, only errors and warnings in the compile output.

Debian has no other Pascal compiler, so the second environment is Free Pascal's Delphi dialect
(-Mdelphi: a function's Result, AnsiString strings) beside its default FPC dialect.
"""

from __future__ import annotations

from judging.languages.base import LanguageConfig
from judging.languages.evaluator import Environment, Evaluator

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

EVALUATOR = Evaluator(id="pascal", supported_envs="fpc*", default_env="fpc3.2")

ENVIRONMENTS = (
    Environment("fpc3.2", "Pascal (Free Pascal 3.2)", origin="Debian package fp-compiler"),
    Environment(
        "fpc3.2-delphi",
        "Pascal, Delphi mode (Free Pascal 3.2)",
        changes={"compile_command": "fpc -l- -v0ew -O2 -XS -Sg -Mdelphi -o{exe} {source}"},
        origin="Debian package fp-compiler",
    ),
)
