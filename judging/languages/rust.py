"""Rust: Debian's rustc (/usr/bin), or rustup's stable toolchain folder when the host has one
(shown to the compiler read-only; the ~/.cargo/bin proxies on PATH are never used).
"""

from __future__ import annotations

from judging.languages.base import LanguageConfig
from judging.languages.evaluator import Environment, Evaluator

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

EVALUATOR = Evaluator(id="rust", supported_envs="rustc*", default_env="rustc1.63")

ENVIRONMENTS = (
    Environment("rustc1.63", "Rust 2021 (rustc 1.63, Debian)", origin="Debian package rustc"),
    # rustup's stable toolchain, when a host has one: its folder is shown to the compiler (the
    # ~/.cargo/bin proxy is not: it would need rustup's own files and settings).
    Environment(
        "rustc-stable",
        "Rust 2021 (rustc stable, rustup)",
        changes={
            "compile_command": "{toolchain}/bin/rustc --edition 2021 -O -o {exe} {source}",
            "version_command": "{toolchain}/bin/rustc --version",
        },
        toolchain="{rustup}/toolchains/stable-*",
        origin="rustup toolchain install stable",
    ),
)
