"""Where the library's problems and their built files live.

Each problem is a directory of this package named after its id under Python's rules
(`two_sum` for `two-sum`: its generator imports as `library.two_sum.generator`); the id itself,
inside problem.json and everywhere else (database, demo, URLs), keeps its hyphens. Built case
files are derived data and go under the var directory, never into the source tree.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from judging.functions.casefile import FunctionProblem

# Module-level so that tests can point the index at a library in a temporary directory (the
# package name goes with it: generators are imported by module name).
ROOT = Path(__file__).resolve().parent
PACKAGE = __name__.rpartition(".")[0]
CHECKOUT = ROOT.parent
HELPERS = "helpers"  # the package of the modules generators share

# Reference file extension per harness language.
EXTENSIONS: dict[str, str] = {
    "python3": "py",
    "java": "java",
    "javascript": "js",
    "typescript": "ts",
    "cpp": "cpp",
}


def package_name(problem_id: str) -> str:
    """The problem's directory (and module) name: the id under Python's rules."""
    return problem_id.replace("-", "_")


def library_ids() -> list[str]:
    # The inverse of package_name: library ids use hyphens, never underscores.
    return sorted(p.parent.name.replace("_", "-") for p in ROOT.glob("*/problem.json"))


def problem_dir(problem_id: str) -> Path:
    return ROOT / package_name(problem_id)


def problem_file(problem_id: str) -> Path:
    """problem.json: the manifest and the hand-written cases."""
    return problem_dir(problem_id) / "problem.json"


def generator_path(problem_id: str) -> Path:
    return problem_dir(problem_id) / "generator.py"


def generator_module(problem_id: str) -> str:
    return f"{PACKAGE}.{package_name(problem_id)}.generator"


def helper_files() -> list[Path]:
    """The modules any generator may import, so part of every problem's source hash."""
    return sorted((ROOT / HELPERS).glob("*.py"))


def validator_path(problem_id: str) -> Path:
    """validator.py of a `validator:<name>` problem; it may not exist."""
    return problem_dir(problem_id) / "validator.py"


def with_validator(problem: FunctionProblem) -> FunctionProblem:
    """The problem with its validator's file, when a validator judges it (the engine takes the
    file as an input: it never looks for one itself)."""
    if problem.validator is None:
        return problem
    return replace(problem, validator_file=validator_path(problem.id))


def reference_path(problem_id: str, language_id: str, naive: bool = False) -> Path:
    """refs/solution.<ext> (or naive.<ext>) of the problem; it may not exist."""
    stem = "naive" if naive else "solution"
    return problem_dir(problem_id) / "refs" / f"{stem}.{EXTENSIONS[language_id]}"


def built_dir() -> Path:
    """var/library: $JUIZ_VAR_DIR/library, or the checkout's var/library (as config.settings
    reads JUIZ_VAR_DIR; read at each call, so a test may set it)."""
    return Path(os.environ.get("JUIZ_VAR_DIR", str(CHECKOUT / "var"))) / "library"


def built_path(problem_id: str) -> Path:
    """The built case file: the manifest plus every case with its expected value."""
    return built_dir() / f"{problem_id}.json"


def coverage_path() -> Path:
    """What verify-refs found, per problem and language."""
    return built_dir() / "coverage.json"
