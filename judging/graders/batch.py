"""Dynamic analysis of a stdin/stdout submission (the batch runtime model): every test case run
in one sandbox session, each run classified (docs/judging.md, "Dynamic analysis"). The limits of
a run are judging/steps/limits.py's.

It sits with the graders, above the checkers it calls; the steps below it know no checker.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from judging.checkers import Checker
from judging.classification import Classification
from judging.model import Problem, TestCase
from judging.report import Report, TestReport
from judging.sandbox.base import Limits, Mount, RunRequest, RunResult, Sandbox, Session, SessionSpec
from judging.scoring import Scored, score_tests
from judging.steps.box import BOX_DIR
from judging.steps.classify import run_classification, run_explanation, submission_classification
from judging.steps.compile import Build
from judging.steps.files import head, tail, text
from judging.steps.limits import used_limits

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class TestsOutcome:
    tests: list[TestReport]
    warnings: tuple[str, ...]  # the sandbox's degraded-isolation notices


@dataclass(frozen=True)
class RunSetup:
    """How every test's run starts: the same command, environment and limits."""

    argv: Sequence[str]
    env: dict[str, str]
    limits: Limits
    allow_file_writing: bool = False  # the problem's: may runs write in their work directory?
    mounts: tuple[Mount, ...] = ()  # the environment's toolchain (steps/box.language_mounts)

    def session(self, seed: Path) -> SessionSpec:
        return SessionSpec(
            mounts=self.mounts,
            workdir=BOX_DIR,
            seed_dir=seed,
            seccomp=True,
            workdir_writable=self.allow_file_writing,
        )


def tests_report(
    problem: Problem,
    build: Build,
    limits: Limits,
    tests: Sequence[TestReport],
    warnings: Sequence[str],
    *,
    scored: bool = True,
) -> Report:
    """The submission's report from its tests' (`scored`: with a scoring problem's points)."""
    points = score_tests(problem, tests) if scored else Scored(tuple(tests))
    return Report(
        classification=submission_classification(t.classification for t in tests),
        language=build.language.id,
        tests=points.tests,
        score=points.score,
        groups=points.groups,
        max_score=points.max_score,
        compile=build.report,
        limits=used_limits(limits, problem.time_limit_source),
        # Unsafe-sandbox notices go into every report, whatever the verdict.
        warnings=tuple(dict.fromkeys((*build.warnings, *warnings))),
    )


def missing_test_data(problem: Problem) -> str | None:
    """Why the problem's tests cannot be run (our fault, never the team's), or None."""
    if not problem.tests:
        return f"problem {problem.id} has no test cases"
    for test in problem.tests:
        for path in (test.input, test.answer):
            if not path.is_file():
                return f"test {test.name}: missing file {path}"
    return None


def run_test(
    session: Session, setup: RunSetup, test: TestCase, outdir: Path, index: int
) -> tuple[RunResult, Path, Path]:
    stdout = outdir / f"{index:04d}.out"
    stderr = outdir / f"{index:04d}.err"
    request = RunRequest(
        argv=(*setup.argv, *test.args),  # the format's per-test `args`
        limits=setup.limits,
        stdin=test.input,
        stdout=stdout,
        stderr=stderr,
        env=setup.env,
    )
    return session.run(request), stdout, stderr


def judge_test(
    session: Session, setup: RunSetup, test: TestCase, checker: Checker, outdir: Path, index: int
) -> tuple[TestReport, tuple[str, ...]]:
    """Run one test and classify it; the checker only sees runs that ended cleanly.

    Raises SandboxError or ValidatorError: failures of ours, not verdicts.
    """
    result, stdout, stderr = run_test(session, setup, test, outdir, index)
    stderr_tail = tail(stderr)
    classification = run_classification(result, setup.limits, stderr_tail)
    scores: tuple[float | None, float | None] = (None, None)
    if classification is None:
        checked = checker.check(
            input=test.input, answer=test.answer, output=stdout, flags=test.validator_flags
        )
        classification, message = checked.classification, checked.message
        scores = (checked.score, checked.multiplier)
    else:
        message = run_explanation(result, classification, setup.limits, stderr_tail)
    report = TestReport(
        name=test.name,
        classification=classification,
        cpu_ms=result.cpu_ms,
        wall_ms=result.wall_ms,
        memory_kib=result.memory_kib,
        exit_code=result.exit_code,
        signal=result.signal,
        checker_message=message,
        output_preview=text(head(stdout, 4096 + 1)),
        stderr_preview=text(tail(stderr)),
        sample=test.sample,
        feedback_score=scores[0],
        feedback_multiplier=scores[1],
    )
    # Outputs can be large (output_kib each, many tests): only the previews are kept.
    stdout.unlink(missing_ok=True)
    stderr.unlink(missing_ok=True)
    return report, result.warnings


def judge_test_with_files(
    sandbox: Sandbox,
    build: Build,
    setup: RunSetup,
    test: TestCase,
    checker: Checker,
    outdir: Path,
    index: int,
) -> tuple[TestReport, tuple[str, ...]]:
    """A test with a .files directory runs in a session of its own, whose work directory is
    the build with the test's files copied over it (the format: after compiling, before
    executing, overwriting files of the same name)."""
    assert test.files_dir is not None
    box = outdir / f"{index:04d}.box"
    shutil.copytree(build.directory, box)
    shutil.copytree(test.files_dir, box, dirs_exist_ok=True)
    try:
        with sandbox.session(setup.session(box)) as session:
            report, warnings = judge_test(session, setup, test, checker, outdir, index)
            return report, (*session.warnings, *warnings)
    finally:
        shutil.rmtree(box, ignore_errors=True)


def skipped(test: TestCase, why: str = "not run: an earlier test failed") -> TestReport:
    return TestReport(
        name=test.name,
        classification=Classification.EVALUATION_SKIPPED,
        checker_message=why,
        sample=test.sample,
    )


# Scoring problems decide test by test whether a test runs (judging/scoring.py): the reason it
# is skipped, or "" to run it, from the reports of the tests before it.
SkipRule = Callable[[TestCase, Sequence[TestReport]], str]


def run_tests(
    sandbox: Sandbox,
    build: Build,
    setup: RunSetup,
    tests: Sequence[TestCase],
    checker: Checker,
    outdir: Path,
    *,
    run_all: bool = True,
    progress: Progress | None = None,
    skip: SkipRule | None = None,
) -> TestsOutcome:
    """Every test in order, in one session. Unless run_all, the tests after the first one
    not accepted are reported as Evaluation Skipped (progress then jumps to the total).
    With `skip` (scoring problems), that rule decides instead, test by test."""
    reports: list[TestReport] = []
    total = len(tests)
    with sandbox.session(setup.session(build.directory)) as session:
        warnings = list(session.warnings)
        for index, test in enumerate(tests):
            why = skip(test, reports) if skip is not None else ""
            if why:
                reports.append(skipped(test, why))
                if progress is not None:
                    progress(len(reports), total)
                continue
            if test.files_dir is None:
                report, run_warnings = judge_test(session, setup, test, checker, outdir, index)
            else:
                report, run_warnings = judge_test_with_files(
                    sandbox, build, setup, test, checker, outdir, index
                )
            reports.append(report)
            warnings += run_warnings
            if progress is not None:
                progress(len(reports), total)
            if skip is None and not run_all and not report.classification.is_accepted:
                break
    if len(reports) < total:
        reports.extend(skipped(t) for t in tests[len(reports) :])
        if progress is not None:
            progress(total, total)
    return TestsOutcome(reports, tuple(dict.fromkeys(warnings)))
