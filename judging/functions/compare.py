"""The host's comparison of a case's returned value: the final word on every case.

The harness compares visible cases too, but in the solution's process; the host trusts only
`got` and compares it itself with the very comparators file the Python harness uses
(harnesses/python/comparators.py, stdlib only), or with the problem's validator.
"""

from __future__ import annotations

import importlib.util
import json
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Any

from judging.functions.adapters.base import HARNESSES
from judging.functions.casefile import Case, FunctionProblem, method_types, result_type
from judging.functions.types import check_value, parse_type
from judging.validators import load as load_validator

COMPARATORS_FILE = HARNESSES / "python" / "comparators.py"
SHOWN_CHARS = 120


class ComparisonError(Exception):
    """The host could not compare (missing comparators file, broken validator): ours."""


@dataclass(frozen=True)
class Verdict:
    ok: bool
    message: str = ""  # judge-facing: why it failed


@cache
def _comparators() -> ModuleType:
    spec = importlib.util.spec_from_file_location("juiz_host_comparators", COMPARATORS_FILE)
    if spec is None or spec.loader is None or not COMPARATORS_FILE.is_file():
        raise ComparisonError(f"{COMPARATORS_FILE} is missing")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def same(comparator: str, got: Any, expected: Any) -> bool:
    try:
        return bool(_comparators().compare(comparator, got, expected))
    except ValueError as error:
        raise ComparisonError(str(error)) from None


def judge_value(problem: FunctionProblem, case: Case, got: Any) -> Verdict:
    """Whether `got` (what the harness serialised) is right for `case`."""
    if problem.kind == "sequence":
        return _sequence(problem, case, got)
    if problem.validator is not None:
        return _validated(problem, case, got)
    if same(problem.comparator, got, case.expected):
        return Verdict(True)
    return Verdict(False, f"expected {show(case.expected)}, got {show(got)}")


def _sequence(problem: FunctionProblem, case: Case, got: Any) -> Verdict:
    if not isinstance(got, list) or len(got) != len(case.steps):
        return Verdict(False, f"expected {len(case.steps)} step results, got {show(got)}")
    if problem.validator is not None:
        return _validated(problem, case, got)
    for k, (step, value) in enumerate(zip(case.steps, got, strict=True)):
        if not same(problem.comparator, value, step.expected):
            return Verdict(
                False,
                f"step {k} ({step.method}): expected {show(step.expected)}, got {show(value)}",
            )
    return Verdict(True)


def _validated(problem: FunctionProblem, case: Case, got: Any) -> Verdict:
    assert problem.validator is not None
    malformed = _malformed(problem, case, got)
    if malformed is not None:
        return Verdict(False, malformed)
    try:
        validate = load_validator(problem.validator)
        answer = validate(case.input_value(), got)
    except Exception as error:  # a validator's bug is ours to fix, never the team's verdict
        raise ComparisonError(
            f"validator {problem.validator}: {type(error).__name__}: {error}"
        ) from error
    if answer is True:
        return Verdict(True)
    return Verdict(
        False, answer if isinstance(answer, str) and answer else "rejected by the validator"
    )


def _malformed(problem: FunctionProblem, case: Case, got: Any) -> str | None:
    """Why `got` is not even of the result type (validators assume it is)."""
    if problem.kind == "function":
        return check_value(result_type(problem.manifest), got, "the returned value")
    if problem.kind == "sequence":
        for k, (step, value) in enumerate(zip(case.steps, got, strict=True)):
            returns = method_types(problem.manifest, step.method)[1]
            problem_ = check_value(parse_type(returns, allow_void=True), value, f"step {k}")
            if problem_ is not None:
                return problem_
        return None
    return check_value(parse_type(problem.manifest["dataType"]), got, "the decoded value")


def show(value: Any, limit: int = SHOWN_CHARS) -> str:
    """Truncated JSON for messages and previews."""
    try:
        text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
