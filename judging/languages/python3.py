"""Python 3: Debian's /usr/bin/python3 ({python}), never a pyenv shim from PATH.

The compile step only byte-compiles, so that a syntax error is a Compile Time Error like in
the compiled languages.
"""

from __future__ import annotations

from judging.languages.base import LanguageConfig
from judging.languages.evaluator import Environment, Evaluator

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

EVALUATOR = Evaluator(
    id="python3", supported_envs="python3*|pypy3*", default_env="python3.11", style_tool="ruff"
)


def _pyenv(minor: str) -> Environment:
    """A pyenv-built CPython: its whole prefix is shown to the boxes, so it finds its stdlib."""
    python = "{toolchain}/bin/python3"
    return Environment(
        id=f"python{minor}",
        name=f"Python {minor} (CPython, pyenv)",
        changes={
            "compile_command": f"{python} -m py_compile {{source}}",
            "run_command": f"{python} {{source}}",
            "version_command": f"{python} --version",
        },
        toolchain=f"{{pyenv}}/versions/{minor}.*",
        origin="pyenv install " + minor,
    )


ENVIRONMENTS = (
    Environment("python3.11", "Python 3.11 (CPython, Debian)", origin="Debian package python3"),
    _pyenv("3.12"),
    _pyenv("3.13"),
    Environment(
        "pypy3",
        "Python 3 (PyPy, Debian)",
        changes={
            "compile_command": "pypy3 -m py_compile {source}",
            "run_command": "pypy3 {source}",
            "version_command": "pypy3 --version",
            # PyPy's JIT ran a 3-million-iteration arithmetic loop in 0.07 s of CPU against
            # CPython's 0.24 s here: it gets the compiled languages' factor, not CPython's 2.
            "time_factor": 1.0,
        },
        origin="Debian package pypy3",
    ),
)
