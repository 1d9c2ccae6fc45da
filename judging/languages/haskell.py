"""Haskell: GHC. -v0 keeps the compile output to errors and warnings.

Debian's only Haskell compiler is GHC 9.0, which predates GHC2021: the environments are its
default language (Haskell 2010) and Haskell 98 (-XHaskell98: n+k patterns, no pattern guards).
"""

from __future__ import annotations

from judging.languages.base import LanguageConfig
from judging.languages.evaluator import Environment, Evaluator

LANGUAGE = LanguageConfig(
    id="haskell",
    name="Haskell (GHC)",
    extensions=("hs",),
    compile_command="ghc -v0 -O2 -o {exe} {source}",
    run_command="{dir}/{exe}",
    version_command="ghc --version",
    source_name="main.hs",
    exe="main",
    selftest_source="""main :: IO ()
main = do
  [a, b] <- map read . words <$> getLine
  print (a + b :: Integer)
""",
    selftest_input="20 22\n",
    selftest_output="42\n",
)

EVALUATOR = Evaluator(id="haskell", supported_envs="ghc*", default_env="ghc9.0")

ENVIRONMENTS = (
    Environment("ghc9.0", "Haskell (GHC 9.0)", origin="Debian package ghc"),
    Environment(
        "ghc9.0-haskell98",
        "Haskell 98 (GHC 9.0)",
        changes={"compile_command": "ghc -v0 -O2 -XHaskell98 -o {exe} {source}"},
        origin="Debian package ghc",
    ),
)
