"""The inputs of "Run" mode (judging/graders/run.py): the team's custom inputs as cases, and
their expected values computed by the problem's reference solution.

A custom input has no expected value, so the reference solution computes it first, through the
same harness and sandbox (docs/functions.md, "Modes"); for validator problems the validator
needs none, and a roundtrip's expected value is its data. Inputs are checked against the
problem's types before anything runs, so a typo is a clear message and not a crash that looks
like the team's bug. Nothing here is recorded: the outcome is plain data for the page.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from judging.functions.adapters.registry import adapter_for
from judging.functions.casefile import CONSTRUCTOR, Case, CaseFileError, FunctionProblem, parse_case
from judging.functions.runner import Harness
from judging.kit import Kit
from judging.languages.base import LanguageConfig
from judging.sandbox.base import Sandbox

MAX_CUSTOM = 20
MAX_CUSTOM_BYTES = 64 * 1024
CUSTOM_PREFIX = "custom "


class CustomInputError(ValueError):
    """Custom inputs that cannot be run (too many, too big, not of the problem's types)."""


@dataclass(frozen=True)
class RunOutcome:
    compiled: bool
    compile_output: str = ""
    classification: str = ""  # the most severe case classification (a Classification value)
    summary: str = ""  # one sentence for the page
    # name, status (a Classification value), input, expected, got, error — previews
    cases: list[dict[str, Any]] = field(default_factory=list)


def custom_cases(problem: FunctionProblem, custom_args: list[Any]) -> list[Case]:
    """The team's inputs as (visible) cases without expected values; CustomInputError."""
    if len(custom_args) > MAX_CUSTOM:
        raise CustomInputError(f"at most {MAX_CUSTOM} custom inputs, not {len(custom_args)}")
    if len(json.dumps(custom_args)) > MAX_CUSTOM_BYTES:
        raise CustomInputError(f"custom inputs are limited to {MAX_CUSTOM_BYTES // 1024} KiB")
    first = len(problem.cases)
    return [_custom(problem, value, first + k, k + 1) for k, value in enumerate(custom_args)]


def _custom(problem: FunctionProblem, value: Any, index: int, number: int) -> Case:
    name = f"{CUSTOM_PREFIX}{number}"
    if problem.kind == "function":
        raw: dict[str, Any] = {"name": name, "args": value}
    elif problem.kind == "roundtrip":
        if not isinstance(value, list) or len(value) != 1:
            raise CustomInputError(f"input {number}: write the data as a one-element array [data]")
        raw = {"name": name, "data": value[0]}
    else:
        raw = {"name": name, "steps": _steps(problem, value, number)}
    try:
        return parse_case(problem.manifest, raw, index, require_expected=False)
    except CaseFileError as error:
        # Drop the "problem <id>, case <n>" prefix: the team knows which input it is.
        raise CustomInputError(f"input {number}: {str(error).split(': ', 1)[-1]}") from None


def _steps(problem: FunctionProblem, value: Any, number: int) -> list[dict[str, Any]]:
    """[[method, args], ...] -> steps; the first may name the class instead of constructor."""
    shape = f'input {number}: write [["{CONSTRUCTOR}", [args]], ["method", [args]], ...]'
    if not isinstance(value, list) or not value:
        raise CustomInputError(shape)
    steps = []
    for k, item in enumerate(value):
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)):
            raise CustomInputError(shape)
        method = CONSTRUCTOR if k == 0 and item[0] == problem.manifest["class"] else item[0]
        steps.append({"method": method, "args": item[1]})
    return steps


def needs_reference(problem: FunctionProblem) -> bool:
    return problem.kind != "roundtrip" and problem.validator is None


def with_expected(
    problem: FunctionProblem,
    kit: Kit,
    sandbox: Sandbox,
    customs: list[Case],
    reference: tuple[LanguageConfig, bytes] | None,
    workspace: Path,
) -> tuple[list[Case], dict[str, str]]:
    """The custom cases with the reference's values as expected; notes say why one has none."""
    if reference is None:
        return customs, {
            c.name: "no reference solution to compute the expected value" for c in customs
        }
    language, source = reference
    adapter = adapter_for(language.id)
    if adapter is None:
        return customs, {c.name: f"no harness for the reference's {language.id}" for c in customs}
    harness = Harness(adapter, problem, kit)
    build = harness.build(sandbox, language, source, workspace)
    if not build.ok:
        return customs, {c.name: "the reference solution does not compile" for c in customs}
    run = harness.run(sandbox, build, customs, workspace)
    filled, notes = [], {}
    for k, case in enumerate(customs):
        record = run.parsed.records[k] if k < len(run.parsed.records) else None
        if record is None or record.status == "error" or not record.has_got:
            why = record.error if record is not None and record.error else "it did not finish"
            notes[case.name] = f"the reference solution failed on this input ({why[:200]})"
            filled.append(case)
        else:
            filled.append(_expect(case, record.got))
    return filled, notes


def _expect(case: Case, got: Any) -> Case:
    if not case.steps:
        return replace(case, expected=got, has_expected=True)
    if not isinstance(got, list) or len(got) != len(case.steps):
        return case
    steps = tuple(
        replace(s, expected=v, has_expected=True) for s, v in zip(case.steps, got, strict=True)
    )
    return replace(case, steps=steps, expected=got, has_expected=True)
