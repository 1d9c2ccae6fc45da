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
from dataclasses import dataclass
from pathlib import Path

from judging.checkers import Checker, checker_for
from judging.classification import Classification
from judging.graders.base import TestsGrader
from judging.graders.batch import RunSetup
from judging.graders.stage_program import StageProgram
from judging.graders.stage_program import prepare as prepare_program
from judging.model import MultiStage, Problem, TestCase
from judging.report import Report, StageReport, TestReport
from judging.sandbox.base import RunRequest, RunResult, Sandbox, Session
from judging.steps.box import box_env, fill, language_mounts
from judging.steps.classify import run_classification, run_explanation
from judging.steps.compile import Build
from judging.steps.files import head, tail, text

C = Classification


@dataclass(frozen=True)
class MultiStageGrader(TestsGrader):
    @classmethod
    def judges(cls, problem: Problem) -> bool:
        return problem.multi_stage is not None

    @property
    def stages(self) -> MultiStage:
        assert self.problem.multi_stage is not None  # judges() chose this grader
        return self.problem.multi_stage

    def run(self, sandbox: Sandbox, build: Build, workspace: Path) -> Report:
        language = build.language
        limits = self.limits(language)
        # Unlike the other graders, the stages' runs keep the language's HOME and a read-only
        # work directory whatever the problem allows (as they always did: no verdict moves).
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
            out = _folder(workspace / "out")
            run = _Run(setup, checker, program, self.stages, out)
            tests, warnings = self.each_test(sandbox, build, setup, run.test, out)
        finally:
            checker.close()
            if program is not None:
                program.close()
        return self.report(build, limits, tests, warnings)


@dataclass(frozen=True)
class _Run:
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


grader_for = MultiStageGrader.grader_for
