"""A one-problem library in a temporary directory, for verify-refs and build-cases tests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judging.functions import library

CURATED = {
    "id": "add",
    "title": "Add",
    "kind": "function",
    "entry": "addTwo",
    "argTypes": ["int", "int"],
    "returnType": "int",
    "timeLimit": 1,
    "cases": [{"name": "small", "args": [1, 2], "expected": 3}],
}
GENERATOR = """
def cases(rng):
    return [{"name": "r", "args": [rng.randint(0, 9), 5]}]

def stress(rng):
    return [{"name": "huge", "args": [10 ** 9, 1]}]

def reference(case):
    return sum(case["args"])

def brute(case):
    a, b = case["args"]
    return a + b
"""
REFERENCE = b"def addTwo(a, b):\n    return a + b\n"
# Right on small inputs, endless on the stress case: what a naive solution must be.
NAIVE = b"def addTwo(a, b):\n    while a > 10 ** 6:\n        pass\n    return a + b\n"


def make(root: Path, monkeypatch: pytest.MonkeyPatch, naive: bytes = NAIVE) -> Path:
    for name in ("CURATED", "GENERATORS", "PROBLEMS", "REFS"):
        (root / name.lower()).mkdir()
        monkeypatch.setattr(library, name, root / name.lower())
    monkeypatch.setattr(library, "COVERAGE", root / "problems" / "coverage.json")
    (root / "curated" / "add.json").write_text(json.dumps(CURATED))
    (root / "generators" / "add.py").write_text(GENERATOR)
    (root / "refs" / "add").mkdir()
    (root / "refs" / "add" / "solution.py").write_bytes(REFERENCE)
    (root / "refs" / "add" / "naive.py").write_bytes(naive)
    return root
