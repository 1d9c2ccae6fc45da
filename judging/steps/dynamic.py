"""Dynamic analysis: every test case run in one sandbox session, each run classified.

Limits of one run (see docs/judging.md):
  CPU    problem.time_limit_s x language.time_factor
  wall   2 x CPU + 1 s (a program that sleeps or blocks is stopped too)
  memory problem.memory_mb, plus language.memory_overhead_mb when address space is not limited
         (JVM, node, Go); heap flags get the bare problem limit through {memory_mb}
  output problem.output_kib for each of stdout and stderr and any file written
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from judging.checkers import Checker
from judging.classification import Classification
from judging.languages import registry
from judging.problem.model import Problem, TestCase
from judging.report import TestReport, UsedLimits
from judging.sandbox.base import Limits, RunRequest, RunResult, Sandbox, Session, SessionSpec
from judging.steps.classify import run_classification, run_explanation
from judging.steps.files import head, tail, text
from judging.steps.static import BOX_DIR, Build, box_env, fill

Progress = Callable[[int, int], None]
OPEN_FILES = 64


@dataclass(frozen=True)
class TestsOutcome:
    tests: list[TestReport]
    warnings: tuple[str, ...]  # the sandbox's degraded-isolation notices


@dataclass(frozen=True)
class RunSetup:
    argv: Sequence[str]
    env: dict[str, str]
    limits: Limits


def run_limits(problem: Problem, build: Build) -> Limits:
    language = build.language
    cpu_ms = math.ceil(problem.time_limit_s * language.time_factor * 1000)
    overhead = 0 if language.address_space_limit else language.memory_overhead_mb
    return Limits(
        cpu_ms=cpu_ms,
        wall_ms=2 * cpu_ms + 1000,
        memory_kib=(problem.memory_mb + overhead) * 1024,
        output_bytes=problem.output_kib * 1024,
        processes=max(language.run_processes, 1),
        open_files=OPEN_FILES,
        address_space_limit=language.address_space_limit,
    )


def used_limits(limits: Limits, problem: Problem) -> UsedLimits:
    return UsedLimits(
        cpu_ms=limits.cpu_ms,
        wall_ms=limits.wall_ms,
        memory_kib=limits.memory_kib,
        output_bytes=limits.output_bytes,
        time_limit_source=problem.time_limit_source,
    )


def run_setup(problem: Problem, build: Build) -> RunSetup:
    values = registry.variables(
        build.language, source=build.source_name, workdir=BOX_DIR, memory_mb=problem.memory_mb
    )
    return RunSetup(
        argv=fill(build.language, build.language.run_command, values),
        env=box_env(build.language),
        limits=run_limits(problem, build),
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
        argv=setup.argv,
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
    if classification is None:
        checked = checker.check(input=test.input, answer=test.answer, output=stdout)
        classification, message = checked.classification, checked.message
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
    )
    # Outputs can be large (output_kib each, many tests): only the previews are kept.
    stdout.unlink(missing_ok=True)
    stderr.unlink(missing_ok=True)
    return report, result.warnings


def skipped(test: TestCase) -> TestReport:
    return TestReport(
        name=test.name,
        classification=Classification.EVALUATION_SKIPPED,
        checker_message="not run: an earlier test failed",
        sample=test.sample,
    )


def run_tests(
    sandbox: Sandbox,
    build: Build,
    problem: Problem,
    checker: Checker,
    outdir: Path,
    *,
    run_all: bool = True,
    progress: Progress | None = None,
) -> TestsOutcome:
    """Every test in order, in one session. Unless run_all, the tests after the first one
    not accepted are reported as Evaluation Skipped (progress then jumps to the total)."""
    setup = run_setup(problem, build)
    spec = SessionSpec(workdir=BOX_DIR, seed_dir=build.directory, seccomp=True)
    reports: list[TestReport] = []
    total = len(problem.tests)
    with sandbox.session(spec) as session:
        warnings = list(session.warnings)
        for index, test in enumerate(problem.tests):
            report, run_warnings = judge_test(session, setup, test, checker, outdir, index)
            reports.append(report)
            warnings += run_warnings
            if progress is not None:
                progress(len(reports), total)
            if not run_all and not report.classification.is_accepted:
                break
    if len(reports) < total:
        reports.extend(skipped(t) for t in problem.tests[len(reports) :])
        if progress is not None:
            progress(total, total)
    return TestsOutcome(reports, tuple(dict.fromkeys(warnings)))
