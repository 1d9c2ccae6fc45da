"""A harness run turned into the same Report as any submission (docs/functions.md, "Verdicts").

Every case with a record is judged by the host's comparison, whatever the harness said. The
first case without one is where the run stopped: it takes the sandbox's verdict (a limit) or
Runtime Error with the stderr tail; the cases after it were never reached (Evaluation Skipped).
A stream that broke the protocol cannot be trusted past the break: Runtime Error.
"""

from __future__ import annotations

from dataclasses import dataclass

from judging.classification import Classification
from judging.functions.casefile import Case
from judging.functions.compare import HostComparison, show
from judging.functions.protocol import Record
from judging.functions.runner import HarnessRun
from judging.report import Report, RunUsage, TestReport
from judging.steps.classify import run_classification, run_explanation, submission_classification
from judging.steps.files import text
from judging.steps.limits import used_limits

C = Classification
PREVIEW_CHARS = 300
TAMPERED = "the harness's result stream was tampered with"
# What a run that stopped early earns; anything else (a signal, an exit code) is a crash.
LIMIT_VERDICTS = (
    C.MEMORY_LIMIT_EXCEEDED,
    C.OUTPUT_LIMIT_EXCEEDED,
    C.TIME_LIMIT_EXCEEDED,
    C.INVALID_FUNCTION,
)
TIME_LIMIT_SOURCE = "manifest"


@dataclass(frozen=True)
class _Judged:
    tests: list[TestReport]
    reason: str = ""
    extra: Classification | None = None  # a verdict no single case carries


def run_report(run: HarnessRun, comparison: HostComparison) -> Report:
    judged = judge_run(run, comparison)
    classifications = [t.classification for t in judged.tests]
    if judged.extra is not None:
        classifications.append(judged.extra)
    return Report(
        classification=submission_classification(classifications),
        language=run.build.language.id,
        tests=tuple(judged.tests),
        compile=run.build.report,
        limits=used_limits(run.limits, TIME_LIMIT_SOURCE),
        reason=judged.reason,
        warnings=run.warnings,
        run=run_usage(run),
    )


def run_usage(run: HarnessRun) -> RunUsage:
    result = run.result
    return RunUsage(cpu_ms=result.cpu_ms, wall_ms=result.wall_ms, memory_kib=result.memory_kib)


def judge_run(run: HarnessRun, comparison: HostComparison) -> _Judged:
    parsed = run.parsed
    tests = [
        judge_record(comparison, case, record)
        for case, record in zip(run.cases, parsed.records, strict=False)
    ]
    stopped = len(tests)
    if parsed.violation:
        reason = f"{TAMPERED}: {parsed.violation}"
        if stopped < len(run.cases):
            tests.append(_case(run.cases[stopped], C.RUNTIME_ERROR, reason))
        tests += [skipped(c) for c in run.cases[len(tests) :]]
        return _Judged(tests, reason, C.RUNTIME_ERROR)
    if parsed.summary is None:
        if stopped == len(run.cases):  # every record came, then the harness died
            reason = f"no summary after the last case: {_stop_message(run)}"
            return _Judged(tests, reason, _stop_verdict(run))
        tests.append(stopped_case(run, run.cases[stopped]))
        tests += [skipped(c) for c in run.cases[len(tests) :]]
        return _Judged(tests)
    return _after_summary(run, tests)


def _after_summary(run: HarnessRun, tests: list[TestReport]) -> _Judged:
    """Every case has its record; the process must still have ended cleanly (a program that
    prints right answers and then crashes or overruns is not accepted elsewhere either)."""
    after = run_classification(run.result, run.limits, run.stderr_tail)
    if after is None:
        return _Judged(tests)
    explanation = run_explanation(run.result, after, run.limits, run.stderr_tail)
    verdict = after if after in LIMIT_VERDICTS else C.RUNTIME_ERROR
    return _Judged(tests, f"after the last case: {verdict.value} ({explanation})", verdict)


def _stop_verdict(run: HarnessRun) -> Classification:
    verdict = run_classification(run.result, run.limits, run.stderr_tail)
    return verdict if verdict in LIMIT_VERDICTS else C.RUNTIME_ERROR


def _stop_message(run: HarnessRun) -> str:
    verdict = run_classification(run.result, run.limits, run.stderr_tail)
    if verdict is None:
        return "the harness stopped without a result for this case (the process exited)"
    explanation = run_explanation(run.result, verdict, run.limits, run.stderr_tail)
    return f"the run stopped here: {explanation}"


def stopped_case(run: HarnessRun, case: Case) -> TestReport:
    """The case the run was in when it stopped: it gets the run's own verdict."""
    result = run.result
    return TestReport(
        name=case.name,
        classification=_stop_verdict(run),
        cpu_ms=result.cpu_ms,
        wall_ms=result.wall_ms,
        memory_kib=result.memory_kib,
        exit_code=result.exit_code,
        signal=result.signal,
        checker_message=_stop_message(run),
        stderr_preview=text(run.stderr_tail),
        sample=not case.hidden,
        input_preview=show(case.input_value(), PREVIEW_CHARS),
        expected_preview=_expected(case),
    )


def judge_record(comparison: HostComparison, case: Case, record: Record) -> TestReport:
    problem = comparison.problem
    if record.status == "error":
        return _case(case, C.RUNTIME_ERROR, record.error, record)
    if record.shared:
        index = problem.manifest.get("mustCopy")
        message = f"the result shares nodes with argument {index} (it must be a copy)"
        return _case(case, C.WRONG_ANSWER, message, record)
    if not case.has_expected and problem.validator is None:
        # Only "run" mode's custom inputs, when the reference could not give a value.
        return _case(case, C.EVALUATION_SKIPPED, "no expected value to compare with", record)
    verdict = comparison.judge(case, record.got)
    return _case(case, C.ACCEPTED if verdict.ok else C.WRONG_ANSWER, verdict.message, record)


def _case(
    case: Case, classification: Classification, message: str, record: Record | None = None
) -> TestReport:
    return TestReport(
        name=case.name,
        classification=classification,
        cpu_ms=_ms(record.cpu_ms if record is not None else None),
        wall_ms=_ms(record.ms if record is not None else None),
        checker_message=message,
        sample=not case.hidden,
        input_preview=show(case.input_value(), PREVIEW_CHARS),
        expected_preview=_expected(case),
        got_preview=_got(record),
    )


def _ms(value: float | None) -> int:
    """A harness's timing of a case as a report's whole milliseconds (0: not measured)."""
    return round(value) if value is not None else 0


def _expected(case: Case) -> str:
    return show(case.expected, PREVIEW_CHARS) if case.has_expected else ""


def _got(record: Record | None) -> str:
    return show(record.got, PREVIEW_CHARS) if record is not None and record.has_got else ""


def skipped(case: Case) -> TestReport:
    return TestReport(
        name=case.name,
        classification=C.EVALUATION_SKIPPED,
        checker_message="not run: the harness stopped at an earlier case",
        sample=not case.hidden,
        input_preview=show(case.input_value(), PREVIEW_CHARS),
        expected_preview=_expected(case),
    )
