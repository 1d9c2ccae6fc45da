"""The driver every grader goes through, and what a grader must provide.

    judge_submission:  static checks (pre-checks, language, size) -> grade()
    grade:             compile -> compile error report | the grader's execution

grade() works in a temporary workspace, and maps every failure of ours (failures.INFRA_ERRORS)
to Requires Reevaluation, whichever grader raised it. A grader only says what differs: which
sources it lays out and how they compile (prepare), and what a successful build goes through
(execute).

TestsGrader is the common part of the graders that run a program on every test beside the
standard one (interactive, multi-pass, multi-stage): the standard grader's fields, sources and
limits, the missing-data prelude, the run setup, the loop over the tests, the report.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, Self

from judging.builds import BuildCache
from judging.graders.batch import (
    Progress,
    RunSetup,
    SkipRule,
    missing_test_data,
    skipped,
    tests_report,
)
from judging.graders.failures import (
    INFRA_ERRORS,
    compile_error_report,
    failure_reason,
    refused_report,
    requires_reevaluation,
)
from judging.graders.sessions import test_session
from judging.graders.standard import JudgeOptions, StandardGrader
from judging.kit import Kit
from judging.languages.base import LanguageConfig
from judging.model import Problem, TestCase
from judging.report import Report, TestReport
from judging.sandbox.base import Limits, Sandbox, Session
from judging.steps.box import COMPILE_HOME, box_env, fill, language_mounts
from judging.steps.compile import Build, BuildRefused, Sources, compile_sources
from judging.steps.static import Check, P, Submission, SubmissionFile, static_checks
from judging.workdirs import work_folder


class Grader(Protocol):
    @property
    def kit(self) -> Kit | None:
        """Where the harnesses and node tools are, for the compile step's mounts."""
        ...

    def prepare(self, language: LanguageConfig, submission: Submission) -> Sources:
        """The sources to lay out and compile for `submission` in `language`."""
        ...

    def execute(self, sandbox: Sandbox, build: Build, workspace: Path) -> Report:
        """The report of a successful build. May raise INFRA_ERRORS."""
        ...


def judge_submission(
    grader: Grader,
    submission: SubmissionFile | Submission,
    problem: P,
    languages: Sequence[LanguageConfig],
    sandbox: Sandbox,
    *,
    pre_checks: Sequence[Check[P]] = (),
    language_id: str | None = None,
    scope: str = "",
    builds: BuildCache | None = None,
) -> Report:
    """Static checks, then grade() in the language they chose (see steps/static.py)."""
    whole = Submission.of(submission)
    language = static_checks(whole, problem, languages, pre_checks, language_id, scope=scope)
    if isinstance(language, Report):
        return language
    return grade(grader, language, whole, sandbox, builds)


def grade(
    grader: Grader,
    language: LanguageConfig,
    submission: Submission | bytes,
    sandbox: Sandbox,
    builds: BuildCache | None = None,
) -> Report:
    """Compile the submission (bytes: a one-file solution), or reuse its stored build from
    `builds`, then the grader's execution, or the compile error's report."""
    if isinstance(submission, bytes):
        submission = Submission((SubmissionFile("solution", submission),), "solution")
    try:
        with work_folder("juiz-grade-") as workspace:
            try:
                sources = grader.prepare(language, submission)
            except BuildRefused as refused:
                return refused_report(language, str(refused))
            build = compile_sources(sandbox, language, sources, workspace, grader.kit, builds)
            if not build.ok:
                return compile_error_report(build)
            return grader.execute(sandbox, build, workspace)
    except INFRA_ERRORS as error:
        return requires_reevaluation(language, failure_reason(error))


@dataclass(frozen=True)
class TestsGrader:
    """What the graders that run a program on every test (interactive, multi-pass,
    multi-stage) share: the standard grader's fields, its sources and limits (a submission
    compiles as a batch one would), the missing-data prelude, the run setup, and the loop over
    the tests. A subclass says which problems it judges (`judges`) and what its execution is
    once the test data is there (`run`)."""

    problem: Problem
    languages: tuple[LanguageConfig, ...]
    kit: Kit | None = None
    options: JudgeOptions = field(default_factory=JudgeOptions)
    progress: Progress | None = None
    entrypoint: str | None = None

    @classmethod
    def judges(cls, problem: Problem) -> bool:
        """Whether this grader is the one for `problem` (engine.judge's dispatch)."""
        raise NotImplementedError

    @classmethod
    def grader_for(
        cls,
        problem: Problem,
        languages: tuple[LanguageConfig, ...],
        kit: Kit | None,
        options: JudgeOptions,
        progress: Progress | None,
        entrypoint: str | None,
    ) -> Self | None:
        """The grader of `problem` if it judges it, else None."""
        if not cls.judges(problem):
            return None
        return cls(problem, languages, kit, options, progress, entrypoint)

    def standard(self) -> StandardGrader:
        return StandardGrader(self.problem, self.languages, self.kit, entrypoint=self.entrypoint)

    def prepare(self, language: LanguageConfig, submission: Submission) -> Sources:
        return self.standard().prepare(language, submission)

    def limits(self, language: LanguageConfig) -> Limits:
        return self.standard().limits(language)

    def execute(self, sandbox: Sandbox, build: Build, workspace: Path) -> Report:
        missing = missing_test_data(self.problem)
        if missing is not None:
            return requires_reevaluation(build.language, missing, build)
        return self.run(sandbox, build, workspace)

    def run(self, sandbox: Sandbox, build: Build, workspace: Path) -> Report:
        """The report of a successful build whose test data is all there."""
        raise NotImplementedError

    def run_setup(self, build: Build, limits: Limits) -> RunSetup:
        """The run command, environment and limits of every run, as the standard grader's."""
        language = build.language
        env = box_env(language)
        writable = self.problem.allow_file_writing
        if not writable:
            env["HOME"] = COMPILE_HOME  # runtimes' caches in HOME go to /tmp, still writable
        argv = fill(language, language.run_command, build.values)
        return RunSetup(argv, env, limits, writable, language_mounts(language))

    def each_test(
        self,
        sandbox: Sandbox,
        build: Build,
        setup: RunSetup,
        one_test: OneTest,
        boxes: Path,
        *,
        skip: SkipRule | None = None,
    ) -> tuple[list[TestReport], list[str]]:
        """`one_test` on every test in order, in one session (a test with .files in its own,
        over a copy of the build in `boxes`), with progress. Unless the contest runs all
        tests, the tests after the first one not accepted are Evaluation Skipped; with `skip`
        (scoring problems) that rule decides instead, test by test (as batch.run_tests)."""
        reports: list[TestReport] = []
        tests = self.problem.tests
        with sandbox.session(setup.session(build.directory)) as shared:
            warnings = list(shared.warnings)
            for index, test in enumerate(tests):
                why = skip(test, reports) if skip is not None else ""
                if why:
                    reports.append(skipped(test, why))
                    self._tick(len(reports), len(tests))
                    continue
                box = boxes / f"{index:04d}.box"
                with test_session(sandbox, build, shared, test, box) as session:
                    report, run_warnings = one_test(session, test, index)
                reports.append(report)
                warnings += run_warnings
                self._tick(len(reports), len(tests))
                stop = skip is None and not self.options.run_all_tests
                if stop and not report.classification.is_accepted:
                    break
        reports.extend(skipped(t) for t in tests[len(reports) :])
        if reports:
            self._tick(len(tests), len(tests))
        return reports, warnings

    def _tick(self, done: int, total: int) -> None:
        if self.progress is not None:
            self.progress(done, total)

    def report(
        self,
        build: Build,
        limits: Limits,
        tests: Sequence[TestReport],
        warnings: Sequence[str],
        *,
        scored: bool = False,
    ) -> Report:
        """The submission's report from its tests' (`scored`: with a scoring problem's points)."""
        return tests_report(self.problem, build, limits, tests, warnings, scored=scored)


# One test of a TestsGrader: the session it runs in, the test, its index -> its report and
# the sandbox's notices.
OneTest = Callable[[Session, TestCase, int], tuple[TestReport, list[str]]]
