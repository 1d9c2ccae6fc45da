"""Function problems' "Run" mode: a team's solution over the visible cases and the inputs it
typed, whose expected values the reference solution computes first (judging/functions/
custom.py). The same compile step and harness run as a submission, but nothing is recorded:
the outcome is plain data for the team's page.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from judging.classification import Classification
from judging.functions.adapters.registry import adapter_for
from judging.functions.casefile import Case, FunctionProblem
from judging.functions.custom import (
    CustomInputError,
    RunOutcome,
    custom_cases,
    needs_reference,
    with_expected,
)
from judging.graders.base import grade
from judging.graders.function import FunctionGrader
from judging.kit import Kit
from judging.languages.base import LanguageConfig
from judging.report import Report, TestReport
from judging.sandbox.base import Sandbox
from judging.steps.compile import Build, Sources
from judging.submission import Submission

C = Classification


@dataclass(frozen=True)
class RunGrader:
    problem: FunctionProblem
    kit: Kit
    customs: tuple[Case, ...]  # the team's inputs, without expected values
    reference: tuple[LanguageConfig, bytes] | None  # what computes them

    def prepare(self, language: LanguageConfig, submission: Submission) -> Sources:
        return FunctionGrader(self.problem, self.kit, ()).prepare(language, submission)

    def execute(self, sandbox: Sandbox, build: Build, workspace: Path) -> Report:
        customs, notes = list(self.customs), dict[str, str]()
        if customs and needs_reference(self.problem):
            reference_workspace = workspace / "reference"
            customs, notes = with_expected(
                self.problem, self.kit, sandbox, customs, self.reference, reference_workspace
            )
        cases = (*(c for c in self.problem.cases if not c.hidden), *customs)
        report = FunctionGrader(self.problem, self.kit, cases).execute(sandbox, build, workspace)
        return _with_notes(report, notes)


def run_custom(
    source: bytes,
    problem: FunctionProblem,
    language: LanguageConfig,
    sandbox: Sandbox,
    custom_args: list[Any],
    reference: tuple[LanguageConfig, bytes] | None,
    *,
    kit: Kit,
) -> RunOutcome:
    """Run `source` over the visible cases and `custom_args` (the reference's language and
    source compute their expected values); nothing is recorded."""
    try:
        customs = custom_cases(problem, custom_args)
    except CustomInputError as error:
        return RunOutcome(False, summary=f"Custom input rejected: {error}")
    if adapter_for(language.id) is None:
        return RunOutcome(False, summary=f"Function problems cannot be run in {language.name}.")
    grader = RunGrader(problem, kit, tuple(customs), reference)
    report = grade(grader, language, source, sandbox)
    return outcome(report)


def outcome(report: Report) -> RunOutcome:
    """What the team's page shows of a Run's report."""
    compile_output = report.compile.output if report.compile is not None else ""
    if report.classification is C.REQUIRES_REEVALUATION:
        return RunOutcome(False, summary=f"The judge failed ({report.reason}); try again.")
    if report.classification is C.COMPILE_TIME_ERROR:
        return RunOutcome(False, compile_output, C.COMPILE_TIME_ERROR.value, "Compilation failed.")
    cases = [_case_dict(test) for test in report.tests]
    return RunOutcome(True, compile_output, report.classification.value, _summary(report), cases)


def _with_notes(report: Report, notes: Mapping[str, str]) -> Report:
    """A note on why a custom case has no expected value is all the page says of that case."""
    tests = tuple(
        replace(t, checker_message=notes[t.name], stderr_preview="") if t.name in notes else t
        for t in report.tests
    )
    return replace(report, tests=tests)


def _case_dict(test: TestReport) -> dict[str, Any]:
    error = test.checker_message
    if test.stderr_preview:
        error = f"{error}\n{test.stderr_preview}".strip()
    return {
        "name": test.name,
        "status": test.classification.value,
        "input": test.input_preview,
        "expected": test.expected_preview,
        "got": test.got_preview,
        "error": error,
    }


def _summary(report: Report) -> str:
    total = len(report.tests)
    passed = sum(t.classification.is_accepted for t in report.tests)
    if passed == total:
        return f"All {total} cases passed."
    if report.classification.is_accepted:
        return f"{passed} of {total} cases passed; the others have no expected value to compare."
    reason = f" ({report.reason})" if report.reason else ""
    return f"{passed} of {total} cases passed: {report.classification.value}{reason}."
