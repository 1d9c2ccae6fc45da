"""Where the library of function problems lives.

Committed sources (judging/curated, generators, refs, validators) are the truth; the built
case files (judging/problems, gitignored) are derived from them by the builder (build.py),
which also keeps them fresh.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from judging.functions.casefile import FunctionProblem

JUDGING = Path(__file__).resolve().parents[1]
CURATED = JUDGING / "curated"
GENERATORS = JUDGING / "generators"
REFS = JUDGING / "refs"
VALIDATORS = JUDGING / "validators"
PROBLEMS = JUDGING / "problems"
COVERAGE = PROBLEMS / "coverage.json"

# Reference file extension per harness language.
EXTENSIONS: dict[str, str] = {
    "python3": "py",
    "java": "java",
    "javascript": "js",
    "typescript": "ts",
    "cpp": "cpp",
}


def library_ids() -> list[str]:
    return sorted(p.stem for p in CURATED.glob("*.json"))


def curated_path(problem_id: str) -> Path:
    return CURATED / f"{problem_id}.json"


def generator_path(problem_id: str) -> Path:
    return GENERATORS / f"{problem_id}.py"


def problem_path(problem_id: str) -> Path:
    return PROBLEMS / f"{problem_id}.json"


def reference_path(problem_id: str, language_id: str, naive: bool = False) -> Path:
    """judging/refs/<id>/solution.<ext> (or naive.<ext>); it may not exist."""
    stem = "naive" if naive else "solution"
    return REFS / problem_id / f"{stem}.{EXTENSIONS[language_id]}"


def validator_path(name: str) -> Path:
    """judging/validators/<name>.py, the validator of `validator:<name>` problems."""
    return VALIDATORS / f"{name}.py"


def with_validator(problem: FunctionProblem) -> FunctionProblem:
    """The problem with its validator's file, when it is judged by one."""
    if problem.validator is None:
        return problem
    return replace(problem, validator_file=validator_path(problem.validator))
