"""Helpers of the per-language harness tests: problems written inline, judged through the
function grader (judging.graders.function, by the one driver's grade()), and the copy-random-list
problem the mustCopy tests of several languages share."""

from __future__ import annotations

from typing import Any

from judging.functions import casefile
from judging.functions.runner import HarnessRun
from judging.graders.base import grade
from judging.graders.function import FunctionGrader
from judging.kit import Kit
from judging.languages import registry
from judging.report import Report
from judging.sandbox.base import Sandbox

KIT = Kit.of_checkout()


def problem(
    manifest: dict[str, Any], cases: list[dict[str, Any]], problem_id: str = "inline"
) -> casefile.FunctionProblem:
    """A case file from a manifest (id and comparator defaulted) and its cases."""
    return casefile.parse({"id": problem_id, "comparator": "exact", **manifest, "cases": cases})


def judge(
    sandbox: Sandbox, language_id: str, built: casefile.FunctionProblem, source: str
) -> tuple[Report, HarnessRun | None]:
    """The report of `source` in `language_id`, and the run (None when it did not compile)."""
    language = registry.get(language_id)
    assert language is not None
    runs: list[HarnessRun] = []
    grader = FunctionGrader(built, KIT, built.cases, on_run=runs.append)
    report = grade(grader, language, source.encode(), sandbox)
    return report, runs[0] if runs else None


COPY_RANDOM = {
    "kind": "function",
    "entry": "copyRandomList",
    "argTypes": ["ListNodeRandom"],
    "returnType": "ListNodeRandom",
    "mustCopy": 0,
}
COPY_CASES = [
    {"name": name, "args": [value], "expected": value}
    for name, value in (
        ("five", [[7, None], [13, 0], [11, 4], [10, 2], [1, 0]]),
        ("self", [[1, 0]]),
        ("empty", []),
    )
]
