"""A small function problem for the web tests: `add(a, b)`, stored as a built case file Blob the
way the import stores a library problem, with its coverage rows."""

from __future__ import annotations

import json
from typing import Any

from contest.models import Blob, Contest, Problem, ProblemKind
from judge.models import CoverageState, LanguageCoverage
from judge.selectors.coverage import HARNESS_LANGUAGES

ADD_CASE_FILE: dict[str, Any] = {
    "id": "add",
    "title": "Add",
    "kind": "function",
    "function": None,
    "entry": "add",
    "argTypes": ["int", "int"],
    "returnType": "int",
    "timeLimit": 2,
    "statement": "Return `a + b`.",
    "cases": [
        {"name": "small", "args": [1, 2], "expected": 3},
        {"name": "secret", "args": [40, 2], "expected": 42, "hidden": True},
    ],
}
ADD_CASE_FILE.pop("function")


def function_problem(
    contest: Contest,
    letter: str = "F",
    *,
    states: dict[str, str] | None = None,
) -> Problem:
    """Problem `letter`: add(a, b); coverage per language from `states` (default: verified
    everywhere)."""
    blob = Blob.store(json.dumps(ADD_CASE_FILE).encode())
    problem = Problem.objects.create(
        contest=contest,
        letter=letter,
        name="Add",
        statement="Return `a + b`.",
        kind=ProblemKind.FUNCTION,
        library_id="add",
        case_file=blob,
        time_limit_s=2,
    )
    states = states if states is not None else dict.fromkeys(HARNESS_LANGUAGES, "verified")
    for language_id, state in states.items():
        LanguageCoverage.objects.create(
            problem=problem,
            language_id=language_id,
            state=CoverageState(state),
            case_file_sha=blob.sha256,
        )
    return problem
