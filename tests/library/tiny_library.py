"""A one-problem library in a temporary directory, for verify-refs and build-cases tests."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import pytest

from library import index

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


def install(root: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty library package under root, importable, with its built files in root/var;
    returns the package's directory. The package name is new each time: generators are
    imported by module name, and a name reused across tests would find the modules of an
    earlier test's directory."""
    package = f"juiz_tiny_library_{uuid.uuid4().hex}"
    (root / package).mkdir()
    monkeypatch.syspath_prepend(str(root))
    monkeypatch.setattr(index, "ROOT", root / package)
    monkeypatch.setattr(index, "PACKAGE", package)
    monkeypatch.setenv("JUIZ_VAR_DIR", str(root / "var"))
    return root / package


def write(library: Path, problem: dict[str, Any], generator: str | None) -> Path:
    """The problem's directory, with problem.json and (unless None) generator.py."""
    directory = library / index.package_name(problem["id"])
    directory.mkdir(exist_ok=True)
    (directory / "problem.json").write_text(json.dumps(problem))
    if generator is not None:
        (directory / "generator.py").write_text(generator)
    return directory


def make(root: Path, monkeypatch: pytest.MonkeyPatch, naive: bytes = NAIVE) -> Path:
    """The library of the one problem `add`, references included; returns its directory."""
    problem = write(install(root, monkeypatch), CURATED, GENERATOR)
    (problem / "refs").mkdir()
    (problem / "refs" / "solution.py").write_bytes(REFERENCE)
    (problem / "refs" / "naive.py").write_bytes(naive)
    return problem
