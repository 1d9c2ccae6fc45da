"""Go: Debian's go 1.19 (gc), or GCC's Go front end (gccgo 12, whose library is Go 1.18's).
The build cache goes to $HOME/.cache inside the box (the engine sets HOME to the box work
directory). Go's runtime reserves address space it never uses, so memory is limited by the
memory cgroup only.
"""

from __future__ import annotations

from judging.languages.base import LanguageConfig
from judging.languages.evaluator import Environment, Evaluator

LANGUAGE = LanguageConfig(
    id="go",
    name="Go (gc)",
    extensions=("go",),
    compile_command="go build -o {exe} {source}",
    run_command="{dir}/{exe}",
    version_command="go version",
    source_name="main.go",
    exe="main",
    address_space_limit=False,
    run_processes=32,
    selftest_source="""package main

import "fmt"

func main() {
\tvar a, b int64
\tfmt.Scan(&a, &b)
\tfmt.Println(a + b)
}
""",
    selftest_input="20 22\n",
    selftest_output="42\n",
)

EVALUATOR = Evaluator(id="go", supported_envs="go*|gccgo*", default_env="go1.19")

ENVIRONMENTS = (
    Environment("go1.19", "Go 1.19 (Debian)", origin="Debian package golang-go"),
    Environment(
        "gccgo12",
        "Go 1.18 (gccgo 12, Debian)",
        changes={
            # Static like C and C++: the program needs no libgo.so in the box.
            "compile_command": "gccgo -O2 -static -o {exe} {source}",
            "version_command": "gccgo --version",
        },
        origin="Debian package gccgo",
    ),
)
