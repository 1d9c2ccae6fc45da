"""Python 3: Debian's /usr/bin/python3 ({python}), never a pyenv shim from PATH.

The compile step only byte-compiles, so that a syntax error is a Compile Time Error like in
the compiled languages.
"""

from __future__ import annotations

from judging.languages.base import LanguageConfig

LANGUAGE = LanguageConfig(
    id="python3",
    name="Python 3 (CPython)",
    extensions=("py",),
    compile_command="{python} -m py_compile {source}",
    run_command="{python} {source}",
    version_command="{python} --version",
    source_name="main.py",
    exe="main.py",
    time_factor=2.0,
    selftest_source="""a, b = map(int, input().split())
print(a + b)
""",
    selftest_input="20 22\n",
    selftest_output="42\n",
)
