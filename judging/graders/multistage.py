"""The multi-stage grader (seed 004's custom judgers: "encode first, then decode based on the
first output"; juiz.yaml `multi_stage`, docs/judging.md "Multi-stage problems").

On every test the submission runs once per stage, in the declared order, each run with the
stage's arguments (then the test's `args`) under the problem's limits. The first stage reads
the test's input; after each stage but the last, the problem's program between stages
(judging/graders/stage_program.py) reads that stage's output and writes the next stage's
input. The last stage's output is checked against the answer by the problem's output
validation, as a batch run's would be.

A test's verdict: the first stage run that fails by itself (Time Limit Exceeded, Runtime
Error, Memory Limit Exceeded ...) gives its classification; the program rejecting a stage's
output (exit 43) gives Wrong Answer; otherwise the checker's verdict on the last stage. Later
stages are not run. The test's CPU and wall times and memory are its slowest stage's (each
stage has the whole limit), and every stage that ran is in the report (TestReport.stages).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from judging.checkers import Checker, checker_for
from judging.classification import Classification
from judging.graders.batch import Progress, RunSetup, missing_test_data, skipped
from judging.graders.failures import requires_reevaluation
from judging.graders.sessions import test_session
from judging.graders.stage_program import StageProgram
from judging.graders.stage_program import prepare as prepare_program
from judging.graders.standard import JudgeOptions, StandardGrader
from judging.kit import Kit
from judging.languages.base import LanguageConfig
from judging.model import MultiStage, Problem, TestCase
from judging.report import Report, StageReport, TestReport
from judging.sandbox.base import RunRequest, RunResult, Sandbox, Session, SessionSpec
from judging.steps.box import BOX_DIR, box_env, fill, language_mounts
from judging.steps.classify import run_classification, run_explanation, submission_classification
from judging.steps.compile import Build, Sources
from judging.steps.files import head, tail, text
from judging.steps.limits import used_limits
from judging.submission import Submission

C = Classification


@dataclass(frozen=True)
class MultiStageGrader:
    problem: Problem
    languages: tuple[LanguageConfig, ...]
    kit: Kit | None = None
    options: JudgeOptions = field(default_factory=JudgeOptions)
    progress: Progress | None = None
    entrypoint: str | None = None

    @property
    def stages(self) -> MultiStage:
        assert self.problem.multi_stage is not None  # engine.grader_for chose this grader
        return self.problem.multi_stage

    def _standard(self) -> StandardGrader:
        return StandardGrader(self.problem, self.languages, self.kit, entrypoint=self.entrypoint)

    def prepare(self, language: LanguageConfig, submission: Submission) -> Sources:
        return self._standard().prepare(language, submission)

    def execute(self, sandbox: Sandbox, build: Build, workspace: Path) -> Report:
        missing = missing_test_data(self.problem)
        if missing is not None:
            return requires_reevaluation(build.language, missing, build)
        language = build.language
        limits = self._standard().limits(language)
        setup = RunSetup(
            fill(language, language.run_command, build.values),
            box_env(language),
            limits,
            mounts=language_mounts(language),
        )
        checker = checker_for(
            self.problem.validation,
            sandbox=sandbox,
            languages=self.languages,
            workdir=_folder(workspace / "checker"),
        )
        program = None
        try:
            program = prepare_program(
                sandbox,
                self.stages.program_dir,
                self.languages,
                workspace / "stage-program",
                self.stages.program_language,
                self.problem.constants,
            )
            run = _Run(
                sandbox, build, setup, checker, program, self.stages, _folder(workspace / "out")
            )
            tests, warnings = self._tests(run)
        finally:
            checker.close()
            if program is not None:
                program.close()
        return Report(
            classification=submission_classification(t.classification for t in tests),
            language=language.id,
            tests=tuple(tests),
            compile=build.report,
            limits=used_limits(limits, self.problem.time_limit_source),
            warnings=tuple(dict.fromkeys((*build.warnings, *warnings))),
        )

    def _tests(self, run: _Run) -> tuple[list[TestReport], list[str]]:
        reports: list[TestReport] = []
        tests = self.problem.tests
        mounts = language_mounts(run.build.language)
        spec = SessionSpec(
            mounts=mounts, workdir=BOX_DIR, seed_dir=run.build.directory, seccomp=True
        )
        with run.sandbox.session(spec) as shared:
            warnings = list(shared.warnings)
            for index, test in enumerate(tests):
                box = run.outdir / f"{index:04d}.box"
                with test_session(run.sandbox, run.build, shared, test, box) as session:
                    report, run_warnings = run.test(session, test, index)
                reports.append(report)
                warnings += run_warnings
                if self.progress is not None:
                    self.progress(len(reports), len(tests))
                if not self.options.run_all_tests and not report.classification.is_accepted:
                    break
        reports.extend(skipped(t) for t in tests[len(reports) :])
        if self.progress is not None and len(reports) > 0:
            self.progress(len(tests), len(tests))
        return reports, warnings


@dataclass(frozen=True)
class _Run:
    sandbox: Sandbox
    build: Build
    setup: RunSetup
    checker: Checker
    program: StageProgram
    multi: MultiStage
    outdir: Path

    def test(self, session: Session, test: TestCase, index: int) -> tuple[TestReport, list[str]]:
        """Every stage of one test, until one fails."""
        self.program.start_test(test.input, test.answer)
        stages: list[StageReport] = []
        warnings: list[str] = []
        stdin = test.input
        verdict, message = C.ACCEPTED, ""
        for number, stage in enumerate(self.multi.stages):
            stdout = self.outdir / f"{index:04d}-{number}.out"
            stderr = self.outdir / f"{index:04d}-{number}.err"
            result = session.run(self._request(stage.args, test, stdin, stdout, stderr))
            warnings += result.warnings
            failure = run_classification(result, self.setup.limits, tail(stderr))
            if failure is not None:
                why = run_explanation(result, failure, self.setup.limits, tail(stderr))
                verdict, message = failure, f"stage {stage.name}: {why}"
            elif number == len(self.multi.stages) - 1:
                checked = self.checker.check(
                    input=test.input, answer=test.answer, output=stdout, flags=test.validator_flags
                )
                verdict, message = checked.classification, checked.message
            else:
                stdin = self.outdir / f"{index:04d}-{number}.next"
                between = self.program.between(stage.name, stdout, stdin)
                if not between.accepted:
                    verdict = C.WRONG_ANSWER
                    message = f"stage {stage.name}: output rejected: {between.message}".rstrip()
                else:
                    message = between.message
            stages.append(_stage_report(stage.name, result, verdict, message, stdout))
            if not verdict.is_accepted:
                break
        report = _test_report(test, stages, verdict, message, stderr)
        for path in self.outdir.glob(f"{index:04d}-*"):  # outputs can be large: keep previews
            path.unlink()
        return report, warnings

    def _request(
        self, args: Sequence[str], test: TestCase, stdin: Path, stdout: Path, stderr: Path
    ) -> RunRequest:
        setup = self.setup
        return RunRequest(
            argv=(*setup.argv, *args, *test.args),
            limits=setup.limits,
            stdin=stdin,
            stdout=stdout,
            stderr=stderr,
            env=setup.env,
        )


def _stage_report(
    name: str, result: RunResult, verdict: Classification, message: str, stdout: Path
) -> StageReport:
    return StageReport(
        name=name,
        classification=verdict,
        cpu_ms=result.cpu_ms,
        wall_ms=result.wall_ms,
        memory_kib=result.memory_kib,
        exit_code=result.exit_code,
        signal=result.signal,
        message=message,
        output_preview=text(head(stdout, 1024 + 1), 1024),
    )


def _test_report(
    test: TestCase,
    stages: list[StageReport],
    verdict: Classification,
    message: str,
    stderr: Path,
) -> TestReport:
    last = stages[-1]
    return TestReport(
        name=test.name,
        classification=verdict,
        cpu_ms=max(s.cpu_ms for s in stages),
        wall_ms=max(s.wall_ms for s in stages),
        memory_kib=max(s.memory_kib for s in stages),
        exit_code=last.exit_code,
        signal=last.signal,
        checker_message=message,
        output_preview=last.output_preview,
        stderr_preview=text(tail(stderr)),
        sample=test.sample,
        stages=tuple(stages),
    )


def _folder(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def grader_for(
    problem: Problem,
    languages: tuple[LanguageConfig, ...],
    kit: Kit | None,
    options: JudgeOptions,
    progress: Progress | None,
    entrypoint: str | None,
) -> MultiStageGrader | None:
    """The multi-stage grader when the problem declares stages (engine.judge's dispatch)."""
    if problem.multi_stage is None:
        return None
    return MultiStageGrader(problem, languages, kit, options, progress, entrypoint)
