"""Rust: rustc from a system path. A rustup installation under a home directory is not used
(the box does not mount home directories), so without a system rustc the language is reported
unavailable.
"""

from __future__ import annotations

from judging.languages.base import LanguageConfig

LANGUAGE = LanguageConfig(
    id="rust",
    name="Rust (rustc, 2021)",
    extensions=("rs",),
    compile_command="rustc --edition 2021 -O -o {exe} {source}",
    run_command="{dir}/{exe}",
    version_command="rustc --version",
    source_name="main.rs",
    exe="main",
    selftest_source="""use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_whitespace().map(|x| x.parse().unwrap()).collect();
    println!("{}", v[0] + v[1]);
}
""",
    selftest_input="20 22\n",
    selftest_output="42\n",
)
