"""The environments the integration suite runs, per evaluator (seed 003's `env_map`). Every
environment of the registry is listed (test_registry.py checks it): one missing on a host is
skipped with the reason, never left out silently."""

from __future__ import annotations

ENV_MAP: dict[str, list[str]] = {
    "c": ["gcc12-c17", "clang14-c17"],
    "cpp": ["gcc12-c++17", "gcc12-c++20", "clang14-c++20"],
    "java": ["java17", "java21"],
    "python3": ["python3.11", "python3.12", "python3.13", "pypy3"],
    "javascript": ["node20", "node22"],
    "typescript": ["tsc-node20", "tsc-node22"],
    "kotlin": ["kotlin-jvm17", "kotlin-jvm21"],
    "go": ["go1.19", "gccgo12"],
    "pascal": ["fpc3.2", "fpc3.2-delphi"],
    "haskell": ["ghc9.0", "ghc9.0-haskell98"],
    "rust": ["rustc1.63", "rustc-stable"],
}
