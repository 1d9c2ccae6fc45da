"""The host's comparison of a case's returned value: the final word on every case.

The harness compares visible cases too, but in the solution's process; the host trusts only
`got` and compares it itself with the very comparators file the Python harness uses (the
kit's harnesses/python/comparators.py, stdlib only), or with the problem's validator.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, cast

from judging.functions.casefile import Case, FunctionProblem, method_types, result_type
from judging.functions.types import check_value, parse_type
from judging.kit import Kit

SHOWN_CHARS = 120
Validate = Callable[[list[Any], Any], "bool | str"]
# Host modules by (path, SHA-256 of their text): loaded once, and again when the file changes.
_MODULES: dict[tuple[Path, str], ModuleType] = {}


class ComparisonError(Exception):
    """The host could not compare (missing comparators file, broken validator): ours."""


@dataclass(frozen=True)
class Verdict:
    ok: bool
    message: str = ""  # judge-facing: why it failed


def host_module(path: Path, name: str) -> ModuleType:
    """The Python file at `path` run as a module of its own (it is not part of any package)."""
    try:
        text = path.read_bytes()
    except OSError as error:
        raise ComparisonError(f"{path} cannot be read: {error.strerror or error}") from None
    key = (path, hashlib.sha256(text).hexdigest())
    if key not in _MODULES:
        module = ModuleType(name)
        module.__file__ = str(path)
        try:
            exec(compile(text, str(path), "exec"), module.__dict__)
        except Exception as error:  # whatever a broken file raises, it is ours to fix
            raise ComparisonError(f"{path}: {type(error).__name__}: {error}") from error
        _MODULES[key] = module
    return _MODULES[key]


def same(kit: Kit, comparator: str, got: Any, expected: Any) -> bool:
    """Whether `got` equals `expected` under the named comparator, by the kit's comparators."""
    return _compare(comparators_of(kit), comparator, got, expected)


def comparators_of(kit: Kit) -> ModuleType:
    return host_module(kit.comparators, "juiz_host_comparators")


def _compare(module: ModuleType, comparator: str, got: Any, expected: Any) -> bool:
    try:
        return bool(module.compare(comparator, got, expected))
    except ValueError as error:
        raise ComparisonError(str(error)) from None


@dataclass(frozen=True)
class HostComparison:
    """How the host judges the cases of one problem: its comparator, or its validator."""

    problem: FunctionProblem
    kit: Kit
    validate: Validate | None  # for validator:<name> problems, from their validator file
    # The kit's comparators, loaded once for every case (reading and hashing the file again
    # for each of 1,000 cases was most of the host's time); None: loaded at each comparison.
    comparators: ModuleType | None = None

    def same(self, got: Any, expected: Any) -> bool:
        module = self.comparators or comparators_of(self.kit)
        return _compare(module, self.problem.comparator, got, expected)

    def judge(self, case: Case, got: Any) -> Verdict:
        """Whether `got` (what the harness serialised) is right for `case`."""
        problem = self.problem
        if problem.kind == "sequence":
            return self._sequence(case, got)
        if self.validate is not None:
            return self._validated(case, got)
        if self.same(got, case.expected):
            return Verdict(True)
        return Verdict(False, f"expected {show(case.expected)}, got {show(got)}")

    def _sequence(self, case: Case, got: Any) -> Verdict:
        if not isinstance(got, list) or len(got) != len(case.steps):
            return Verdict(False, f"expected {len(case.steps)} step results, got {show(got)}")
        if self.validate is not None:
            return self._validated(case, got)
        for k, (step, value) in enumerate(zip(case.steps, got, strict=True)):
            if not self.same(value, step.expected):
                expected = show(step.expected)
                return Verdict(
                    False, f"step {k} ({step.method}): expected {expected}, got {show(value)}"
                )
        return Verdict(True)

    def _validated(self, case: Case, got: Any) -> Verdict:
        assert self.validate is not None
        malformed = _malformed(self.problem, case, got)
        if malformed is not None:
            return Verdict(False, malformed)
        try:
            answer = self.validate(case.input_value(), got)
        except Exception as error:  # a validator's bug is ours to fix, never the team's verdict
            raise ComparisonError(
                f"validator {self.problem.validator}: {type(error).__name__}: {error}"
            ) from error
        if answer is True:
            return Verdict(True)
        return Verdict(
            False, answer if isinstance(answer, str) and answer else "rejected by the validator"
        )


def host_comparison(problem: FunctionProblem, kit: Kit) -> HostComparison:
    """The comparison of `problem`'s cases, its files loaded now (ComparisonError), so that a
    problem the host cannot judge is known before anything runs."""
    comparators = comparators_of(kit)
    if problem.validator is None:
        return HostComparison(problem, kit, None, comparators)
    if problem.validator_file is None:
        raise ComparisonError(
            f"problem {problem.id} is judged by validator {problem.validator!r}, "
            "and no validator file was given"
        )
    return HostComparison(problem, kit, load_validator(problem.validator_file), comparators)


def load_validator(path: Path) -> Validate:
    """validate(args, got) -> bool | str of a validator file (True accepts; False or a message
    rejects). It runs on the host after `got` was checked against the problem's type, so it
    may assume a well-formed value; anything it raises is our bug, never the team's."""
    validate = getattr(host_module(path, f"juiz_validator_{path.stem}"), "validate", None)
    if not callable(validate):
        raise ComparisonError(f"{path} defines no validate(args, got)")
    return cast(Validate, validate)


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
