"""Checking a package's own submissions against what each is expected to get (check-package's
logic; judging/cli/check_package.py is its command line, judging/cli/package_report.py its output).

For each submission: the expected result and where it comes from (judging/problem/submissions.py:
a DOMjudge annotation, submissions.yaml, or the folder as the format version reads it), what Juiz
got, agree or disagree, and the slowest test's CPU time as a fraction of the limit; what Juiz
cannot judge yet (an interactive problem, a language not installed, a program given to a
submit-answer problem...) gets the reason instead. A submit-answer problem's submissions are
its answer files, judged without running anything.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from judging.classification import Classification
from judging.graders import interactive
from judging.graders.answers import SUBMIT_ANSWER
from judging.model import Problem
from judging.problem.answer_submissions import why_answers_not_judged
from judging.problem.calibration import CachingCalibrator, Calibration, safety_margin
from judging.problem.errors import PackageError
from judging.problem.expectations import ScoreOutcome, Verdict, evaluate
from judging.problem.kinds import unjudgeable_kind
from judging.problem.package import load_package
from judging.problem.runner import (
    PackageJudge,
    source_of,
    test_verdicts,
    time_factor,
    why_not_judged,
)
from judging.problem.submissions import PackageSubmission, read_submissions
from judging.problem.verdicts import outcome_code
from judging.report import Report
from judging.steps.limits import wall_ms

EXIT_AGREE, EXIT_DISAGREE, EXIT_USAGE, EXIT_ERROR = 0, 1, 2, 3


@dataclass(frozen=True)
class Row:
    submission: str  # e.g. "accepted/sum.c"
    expected: str  # e.g. "WA", "only AC", "CE or WA"
    source: str  # where the expectation comes from: folder, submissions.yaml, annotation
    got: str = ""  # Juiz's own (Mooshak) classification, e.g. "Wrong Answer"
    score: float | None = None  # a scoring problem's points
    agrees: bool | None = None  # None: not judged
    verdict: str = ""  # what Juiz got as a verdict code (AC, WA, TLE, RTE, CE, OLE, MLE, JE)
    cpu_ms: int = 0  # the slowest test's
    time_fraction: float | None = None  # cpu_ms / the limit in the submission's language
    reason: str = ""  # why it disagrees, or the engine's reason
    not_judged: str = ""  # why Juiz cannot judge it yet
    deliberate: bool = False  # BAPCtools .bad.: it must NOT match its folder
    infrastructure: bool = False  # the engine could not judge it (Requires Reevaluation)
    expected_sets: dict[str, object] = field(default_factory=dict, compare=False)  # for --json

    @property
    def ok(self) -> bool | None:
        """Whether this row is what the package wants: a .bad. one must disagree."""
        if self.agrees is None:
            return None
        return self.agrees != self.deliberate


@dataclass
class Outcome:
    problem: Problem | None  # None when the kind of problem cannot be judged yet
    calibration: Calibration | None
    rows: list[Row] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # not submissions, and why
    unjudgeable: str = ""  # the problem's kind, when Juiz cannot judge it yet
    margin: tuple[float, str] = (1.0, "")

    @property
    def exit_code(self) -> int:
        if any(r.infrastructure for r in self.rows):
            return EXIT_ERROR
        return EXIT_DISAGREE if any(r.ok is False for r in self.rows) else EXIT_AGREE


def check_package(
    directory: Path,
    calibrator: CachingCalibrator,
    *,
    time_limit: float | None = None,
    run_all_tests: bool = False,
    on_row: Callable[[Row], None] = lambda row: None,
) -> Outcome:
    """Load the package and judge its submissions; PackageError, SandboxUnavailable escape."""
    outcome = load(directory, calibrator, time_limit)
    return judge_submissions(outcome, directory, calibrator.judge, run_all_tests, on_row)


def load(directory: Path, calibrator: CachingCalibrator, time_limit: float | None) -> Outcome:
    directory = Path(directory).resolve()
    kind = unjudgeable_kind(directory)
    listing = read_submissions(directory)
    if kind:
        return Outcome(None, None, skipped=listing.skipped, unjudgeable=kind)
    problem = load_package(directory, time_limit_override=time_limit, calibrate=calibrator)
    calibration = calibrator.last if problem.time_limit_source == "calibrated" else None
    return Outcome(problem, calibration, skipped=listing.skipped, margin=safety_margin(directory))


def judge_submissions(
    outcome: Outcome,
    directory: Path,
    judge: PackageJudge,
    run_all_tests: bool,
    on_row: Callable[[Row], None],
) -> Outcome:
    """Judge every submission of the package in `directory` against `outcome.problem`."""
    submissions = read_submissions(Path(directory).resolve()).submissions
    if not submissions and outcome.problem is not None:
        raise PackageError("no submissions to check (submissions/accepted/ and the like)")
    for submission in submissions:
        row = _row(outcome, judge, submission, run_all_tests)
        outcome.rows.append(row)
        on_row(row)
    return outcome


def _row(outcome: Outcome, judge: PackageJudge, sub: PackageSubmission, all_tests: bool) -> Row:
    row = Row(
        sub.name,
        sub.expectation.describe(),
        sub.expectation.source,
        deliberate=sub.deliberately_wrong,
        expected_sets=sub.expectation.as_json(),
    )
    if outcome.problem is None:
        return replace(row, not_judged=outcome.unjudgeable)
    answers = SUBMIT_ANSWER in outcome.problem.types
    why = why_answers_not_judged(sub) if answers else why_not_judged(judge, sub)
    if why:
        return replace(row, not_judged=why)
    # Answer files are named by their folders too (sample/1.out): the directory, even of one.
    source = sub.path if answers and sub.path.is_dir() else None
    return judge_one(judge, outcome.problem, sub, row, all_tests, outcome.margin, source)


def judge_one(
    judge: PackageJudge,
    problem: Problem,
    sub: PackageSubmission,
    row: Row,
    all_tests: bool,
    margin: tuple[float, str],
    source: Path | None = None,
) -> Row:
    """Judge `sub` and fill in `row`. A submission that is to be AC within the safety margin
    (slow_accepted), or that bounds the limit from above, runs under limit x margin and is read
    at the limit by its CPU times. When stopping at the first failed test leaves a rule
    undecided, every test is judged again. `source`: what the engine is given, instead of the
    submission's file or directory."""
    source = source or source_of(sub)
    factor = time_factor(judge, source, sub.language)
    limit_ms = problem.time_limit_s * factor * 1000
    upper = _bounds_from_above(sub, margin)
    stretched = sub.expectation.slow or upper
    trial = (
        replace(problem, time_limit_s=problem.time_limit_s * margin[0]) if stretched else problem
    )
    report = judge.judge(
        source, trial, run_all_tests=all_tests, language=sub.language, entrypoint=sub.entrypoint
    )
    at_limit = _AtLimit(limit_ms, _real_wall_ms(problem, limit_ms)) if stretched else None
    verdict, got = _evaluate(sub, report, at_limit)
    if verdict.agrees is None and not all_tests:
        report = judge.judge(
            source, trial, run_all_tests=True, language=sub.language, entrypoint=sub.entrypoint
        )
        verdict, got = _evaluate(sub, report, at_limit)
    if upper and verdict.agrees and not _ran_out(report, limit_ms * margin[0], at_limit):
        verdict = Verdict(False, _UPPER_BOUND.format(margin=margin[0]))
    cpu_ms = max((t.cpu_ms for t in report.tests), default=0)
    infrastructure = report.classification is Classification.REQUIRES_REEVALUATION
    return replace(
        row,
        got=report.classification.value,
        score=report.score,
        agrees=bool(verdict.agrees),  # still undecided with every test run: not met
        verdict=got,
        cpu_ms=cpu_ms,
        time_fraction=round(cpu_ms / limit_ms, 3) if report.tests else None,
        reason=report.reason if infrastructure else verdict.why,
        infrastructure=infrastructure,
    )


_UPPER_BOUND = (
    "TLE at the time limit, but not at the limit x {margin:g} (time_limit_to_tle): the limit "
    "is above this submission's T_tle / time_limit_to_tle, the format's upper bound"
)


def _bounds_from_above(sub: PackageSubmission, margin: tuple[float, str]) -> bool:
    """2023-07 and later ("Timelimit inference"): a submission required to TLE must TLE even
    at the limit x time_limit_to_tle. Legacy states no such bound."""
    return margin[1] == "time_limit_to_tle" and sub.expectation.upper_bound


@dataclass(frozen=True)
class _AtLimit:
    """The real limit a run under a stretched one is read at: CPU, and the wall limit."""

    cpu_ms: float
    wall_ms: float


def _real_wall_ms(problem: Problem, cpu_ms: float) -> float:
    """The wall limit the engine gives at `cpu_ms` (an interactive submission's is doubled)."""
    factor = interactive.WALL_FACTOR if interactive.INTERACTIVE in problem.types else 1
    return float(wall_ms(int(cpu_ms)) * factor)


def _ran_out(report: Report, stretched_ms: float, at_limit: _AtLimit | None) -> bool:
    """Some test ran out of time under the stretched limit; or one that waits rather than
    computes (past the real limit's wall limit, not its CPU limit) took longer than the
    stretched limit: its run time, T_tle, is its wall time."""
    real_wall = at_limit.wall_ms if at_limit is not None else float("inf")
    return any(
        t.classification is Classification.TIME_LIMIT_EXCEEDED
        or (t.wall_ms > real_wall and t.wall_ms >= stretched_ms)
        for t in report.tests
    )


def score_outcome(report: Report) -> ScoreOutcome | None:
    """A scoring problem's points as the expectations read them; None for pass-fail."""
    if report.score is None:
        return None
    groups = {g.name: g.score for g in report.groups}
    return ScoreOutcome(report.score, report.max_score, groups)


def _evaluate(
    sub: PackageSubmission, report: Report, at_limit: _AtLimit | None
) -> tuple[Verdict, str]:
    """The verdict on `report`; with `at_limit` (a run under a stretched limit), read at the
    real limit by its CPU and wall times."""
    if at_limit is None:
        tests = test_verdicts(report)
    else:
        tests = test_verdicts(report, at_limit_ms=at_limit.cpu_ms, at_wall_ms=at_limit.wall_ms)
    got = outcome_code(report.classification)
    if at_limit is not None and any(t.verdict == "TLE" for t in tests):
        got = "TLE"  # at the limit; `report` is the run under the margin
    verdict = evaluate(sub.expectation, got, tests, score_outcome(report))
    if sub.expectation.slow and report.classification is not Classification.ACCEPTED:
        code = outcome_code(report.classification)
        return Verdict(False, f"got {code} even with the safety margin"), got
    return verdict, got
