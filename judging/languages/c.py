"""C: gcc, GNU C17, statically linked (as fast to build as dynamic here, and the program then
needs no loader or shared libraries inside the box)."""

from __future__ import annotations

from judging.languages.base import LanguageConfig
from judging.languages.evaluator import Environment, Evaluator

LANGUAGE = LanguageConfig(
    id="c",
    name="C (gcc, GNU C17)",
    extensions=("c",),
    compile_command="gcc -std=gnu17 -O2 -static -pipe -o {exe} {source} -lm",
    run_command="{dir}/{exe}",
    version_command="gcc --version",
    source_name="main.c",
    exe="main",
    selftest_source="""#include <stdio.h>

int main(void) {
    long a, b;
    if (scanf("%ld %ld", &a, &b) != 2) return 1;
    printf("%ld\\n", a + b);
    return 0;
}
""",
    selftest_input="20 22\n",
    selftest_output="42\n",
)

EVALUATOR = Evaluator(
    id="c", supported_envs="gcc*-c[0-9]*|clang*-c[0-9]*", default_env="gcc12-c17",
    style_tool="cppcheck",
)  # fmt: skip

ENVIRONMENTS = (
    Environment("gcc12-c17", "C17 (gcc 12)", origin="Debian package gcc"),
    Environment(
        "clang14-c17",
        "C17 (clang 14)",
        changes={
            "compile_command": "clang -std=gnu17 -O2 -static -pipe -o {exe} {source} -lm",
            "version_command": "clang --version",
        },
        origin="Debian package clang",
    ),
)
