"""C++: g++, GNU C++17, statically linked like C."""

from __future__ import annotations

from judging.languages.base import LanguageConfig

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
