"""C++: g++, GNU C++17, statically linked like C."""

from __future__ import annotations

from judging.languages.base import LanguageConfig
from judging.languages.evaluator import Environment, Evaluator

LANGUAGE = LanguageConfig(
    id="cpp",
    name="C++ (g++, GNU C++17)",
    extensions=("cpp", "cc", "cxx", "c++"),
    compile_command="g++ -std=gnu++17 -O2 -static -pipe -o {exe} {source}",
    run_command="{dir}/{exe}",
    version_command="g++ --version",
    source_name="main.cpp",
    exe="main",
    selftest_source="""#include <iostream>

int main() {
    long long a, b;
    std::cin >> a >> b;
    std::cout << a + b << std::endl;
}
""",
    selftest_input="20 22\n",
    selftest_output="42\n",
)

EVALUATOR = Evaluator(
    id="cpp", supported_envs="gcc*-c++*|clang*-c++*", default_env="gcc12-c++17",
    style_tool="cppcheck",
)  # fmt: skip


def _cpp(program: str, version: str, standard: str) -> Environment:
    compiler = "gcc" if program == "g++" else "clang"
    return Environment(
        id=f"{compiler}{version}-c++{standard}",
        name=f"C++{standard} ({program} {version})",
        changes={
            "compile_command": f"{program} -std=gnu++{standard} -O2 -static -pipe -o {{exe}} "
            "{source}",
            "version_command": f"{program} --version",
        },
        origin="Debian package " + ("g++" if program == "g++" else "clang"),
    )


ENVIRONMENTS = (_cpp("g++", "12", "17"), _cpp("g++", "12", "20"), _cpp("clang++", "14", "20"))
