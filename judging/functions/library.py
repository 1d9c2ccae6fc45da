"""Where the library of function problems lives, and its built case files kept fresh.

Committed sources (judging/curated, generators, refs, validators) are the truth; the built
case files (judging/problems, gitignored) are derived from them and rebuilt whenever their
`sourceHash` no longer matches, so a fresh checkout or an edited generator heals itself the
first time anything loads the problem.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

from judging.functions import casefile
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


def ensure_built(ids: Iterable[str] | None = None, *, force: bool = False) -> list[str]:
    """Build the case files that are missing or stale (all of `ids`, with force); returns the
    ids built. Raises build.BuildError naming the problem that cannot be built."""
    from judging.functions import build

    built = []
    for problem_id in library_ids() if ids is None else ids:
        if force or build.is_stale(problem_id):
            build.build(problem_id)
            built.append(problem_id)
    return built


def load_problem(problem_id: str) -> FunctionProblem:
    ensure_built([problem_id])
    return with_validator(casefile.load(problem_path(problem_id)))
