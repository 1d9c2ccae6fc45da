"""Go: Debian's go 1.19. The build cache goes to $HOME/.cache inside the box (the engine sets
HOME to the box work directory). Go's runtime reserves address space it never uses, so memory
is limited by the memory cgroup only.
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

EVALUATOR = Evaluator(id="go", supported_envs="go*", default_env="go1.19")

ENVIRONMENTS = (Environment("go1.19", "Go 1.19 (Debian)", origin="Debian package golang-go"),)
