"""The multi-pass grader (problem.yaml `type: multi-pass`, DOMjudge's legacy `validation: custom
multi-pass`; docs/judging.md "Multi-pass problems").

On every test the submission runs once per pass, each run a fresh process under the problem's
limits (the format: "the time and memory limit apply for each invocation separately"). Pass 1
reads the test's input. After each run that ends cleanly the output validator checks its
output, with the pass's input as its input_file (the file the submission read on stdin) and
the test's answer; if it accepts (42) and wrote `nextpass.in` in its feedback directory, that
file is the next pass's input. Everything else in the feedback directory persists from pass to
pass of one test; nextpass.in is taken out before the next pass.

A test's verdict is its last pass's: a run that fails by itself (Time Limit Exceeded, Runtime
Error ...), the validator's Wrong Answer, or Accepted when the validator accepts and asks for
no further pass. Judge errors (the format's), which are the problem's fault and give Requires
Reevaluation: nextpass.in written with another exit code than 42, and nextpass.in written on
the last pass `validation_passes` allows. The test's times and memory are its slowest pass's
(each pass has the whole limit); every pass that ran is in the report (TestReport.passes).

The pass loop (run_passes) only knows a `OnePass` callable: "run pass N on this input, say
what happened and where the next input is". BatchPass is the non-interactive one; an
interactive session can be plugged in as another.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from judging.checkers import Checker, CheckResult, ValidatorError, checker_for
from judging.checkers.custom import NEXT_PASS_FILE, CustomChecker
from judging.classification import Classification
from judging.graders.batch import Progress, RunSetup, missing_test_data, skipped
from judging.graders.failures import requires_reevaluation
from judging.graders.sessions import test_session
from judging.graders.standard import JudgeOptions, StandardGrader
from judging.kit import Kit
from judging.languages.base import LanguageConfig
from judging.model import Problem, TestCase
from judging.report import PassReport, Report, TestReport
from judging.sandbox.base import RunRequest, Sandbox, Session
from judging.scoring import score_tests, skip_rule
from judging.steps.box import COMPILE_HOME, box_env, fill, language_mounts
from judging.steps.classify import run_classification, run_explanation, submission_classification
from judging.steps.compile import Build, Sources
from judging.steps.files import head, tail, text
from judging.steps.limits import used_limits
from judging.submission import Submission

MULTI_PASS = "multi-pass"  # the problem types (judging.model.Problem.types)
INTERACTIVE = "interactive"
PREVIEW_BYTES = 1024


@dataclass(frozen=True)
class PassOutcome:
    report: PassReport
    next_input: Path | None  # the validator's nextpass.in, moved out; None: the test ends
    stderr_preview: str = ""
    score: tuple[float | None, float | None] = (None, None)  # score.txt, score_multiplier.txt
    warnings: tuple[str, ...] = ()


# One pass: its number (1, 2, ...) and the input the submission reads -> what happened.
OnePass = Callable[[int, Path], PassOutcome]


def run_passes(one_pass: OnePass, first_input: Path, limit: int) -> list[PassOutcome]:
    """Pass after pass until one asks for no next pass (or fails), at most `limit`.

    Raises ValidatorError when the pass `limit` allows as the last one writes nextpass.in.
    """
    outcomes: list[PassOutcome] = []
    stdin = first_input
    for number in range(1, limit + 1):
        outcome = one_pass(number, stdin)
        outcomes.append(outcome)
        if outcome.next_input is None:
            return outcomes
        stdin = outcome.next_input
    raise ValidatorError(
        f"the output validator wrote {NEXT_PASS_FILE} on pass {limit}, the last one "
        f"limits.validation_passes allows"
    )


class PassValidator(Protocol):
    """The output validation a pass needs: a check that may keep the feedback directory of
    the test's earlier passes, then the nextpass.in it wrote, if any."""

    def check(
        self,
        *,
        input: Path,
        answer: Path,
        output: Path,
        flags: Sequence[str] | None = None,
        keep_feedback: bool = False,
    ) -> CheckResult: ...

    def take_next_pass(self, target: Path) -> bool: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class SinglePass:
    """The default or Mooshak validation of a multi-pass problem: it has no feedback
    directory, so it never asks for another pass."""

    checker: Checker

    def check(
        self,
        *,
        input: Path,
        answer: Path,
        output: Path,
        flags: Sequence[str] | None = None,
        keep_feedback: bool = False,
    ) -> CheckResult:
        return self.checker.check(input=input, answer=answer, output=output, flags=flags)

    def take_next_pass(self, target: Path) -> bool:
        return False

    def close(self) -> None:
        self.checker.close()


@dataclass(frozen=True)
class _Checked:
    """What became of one pass's output: the verdict, and the validator's part in it."""

    verdict: Classification
    validator: str  # "accepted", "rejected"; "": it did not run
    message: str
    next_input: Path | None = None
    scores: tuple[float | None, float | None] = (None, None)


@dataclass(frozen=True)
class BatchPass:
    """A non-interactive pass: the submission runs on the pass's input in `session`, then
    the validator checks what it wrote."""

    session: Session
    setup: RunSetup
    validator: PassValidator
    test: TestCase
    outdir: Path  # this test's files: <pass>.out, .err, .next
    messages: list[str] = field(default_factory=list)  # judgemessage.txt as each pass left it

    def __call__(self, number: int, stdin: Path) -> PassOutcome:
        stdout, stderr = self.outdir / f"{number}.out", self.outdir / f"{number}.err"
        result = self.session.run(self._request(stdin, stdout, stderr))
        failure = run_classification(result, self.setup.limits, tail(stderr))
        if failure is None:
            checked = self._validate(number, stdin, stdout)
        else:  # the validator only sees runs that ended cleanly
            why = run_explanation(result, failure, self.setup.limits, tail(stderr))
            checked = _Checked(failure, "", why)
        report = PassReport(
            number=number,
            classification=checked.verdict,
            cpu_ms=result.cpu_ms,
            wall_ms=result.wall_ms,
            memory_kib=result.memory_kib,
            exit_code=result.exit_code,
            signal=result.signal,
            validator=checked.validator,
            next_pass=checked.next_input is not None,
            message=checked.message,
            input_preview=text(head(stdin, PREVIEW_BYTES + 1), PREVIEW_BYTES),
            output_preview=text(head(stdout, PREVIEW_BYTES + 1), PREVIEW_BYTES),
        )
        stderr_preview = text(tail(stderr))
        return PassOutcome(
            report, checked.next_input, stderr_preview, checked.scores, result.warnings
        )

    def _validate(self, number: int, stdin: Path, stdout: Path) -> _Checked:
        result = self.validator.check(
            input=stdin,  # the format's input_file: what the submission read
            answer=self.test.answer,
            output=stdout,
            flags=self.test.validator_flags,
            keep_feedback=number > 1,
        )
        verdict = result.classification
        return _Checked(
            verdict,
            "accepted" if verdict.is_accepted else "rejected",
            self._added(result.message),
            self._next_input(number, verdict),
            (result.score, result.multiplier),
        )

    def _request(self, stdin: Path, stdout: Path, stderr: Path) -> RunRequest:
        return RunRequest(
            argv=(*self.setup.argv, *self.test.args),
            limits=self.setup.limits,
            stdin=stdin,
            stdout=stdout,
            stderr=stderr,
            env=self.setup.env,
        )

    def _next_input(self, number: int, verdict: Classification) -> Path | None:
        target = self.outdir / f"{number}.next"
        if not self.validator.take_next_pass(target):
            return None
        if not verdict.is_accepted:
            raise ValidatorError(
                f"the output validator wrote {NEXT_PASS_FILE} on pass {number} and did not "
                f"exit with 42"
            )
        return target

    def _added(self, message: str) -> str:
        """What this pass's check added to judgemessage.txt (validators append to it)."""
        before = self.messages[-1] if self.messages else ""
        self.messages.append(message)
        return message[len(before) :].lstrip("\n") if message.startswith(before) else message


@dataclass(frozen=True)
class MultiPassGrader:
    problem: Problem
    languages: tuple[LanguageConfig, ...]
    kit: Kit | None = None
    options: JudgeOptions = field(default_factory=JudgeOptions)
    progress: Progress | None = None
    entrypoint: str | None = None

    def _standard(self) -> StandardGrader:
        return StandardGrader(self.problem, self.languages, self.kit, entrypoint=self.entrypoint)

    def prepare(self, language: LanguageConfig, submission: Submission) -> Sources:
        return self._standard().prepare(language, submission)

    def execute(self, sandbox: Sandbox, build: Build, workspace: Path) -> Report:
        missing = missing_test_data(self.problem)
        if missing is not None:
            return requires_reevaluation(build.language, missing, build)
        setup = self._setup(build)
        validator = self._validator(sandbox, workspace)
        try:
            tests, warnings = self._tests(sandbox, build, setup, validator, workspace)
        finally:
            validator.close()
        scored = score_tests(self.problem, tests)
        return Report(
            classification=submission_classification(t.classification for t in tests),
            language=build.language.id,
            tests=scored.tests,
            score=scored.score,
            groups=scored.groups,
            max_score=scored.max_score,
            compile=build.report,
            limits=used_limits(setup.limits, self.problem.time_limit_source),
            warnings=tuple(dict.fromkeys((*build.warnings, *warnings))),
        )

    def _setup(self, build: Build) -> RunSetup:
        language = build.language
        env = box_env(language)
        if not self.problem.allow_file_writing:
            env["HOME"] = COMPILE_HOME  # as the standard grader: runtimes' caches go to /tmp
        limits = self._standard().limits(language)
        argv = fill(language, language.run_command, build.values)
        mounts = language_mounts(language)
        return RunSetup(argv, env, limits, self.problem.allow_file_writing, mounts)

    def _validator(self, sandbox: Sandbox, workspace: Path) -> PassValidator:
        checker = checker_for(
            self.problem.validation,
            sandbox=sandbox,
            languages=self.languages,
            workdir=_folder(workspace / "checker"),
        )
        return checker if isinstance(checker, CustomChecker) else SinglePass(checker)

    def _tests(
        self,
        sandbox: Sandbox,
        build: Build,
        setup: RunSetup,
        validator: PassValidator,
        workspace: Path,
    ) -> tuple[list[TestReport], list[str]]:
        reports: list[TestReport] = []
        tests = self.problem.tests
        run_all = self.options.run_all_tests
        # Scoring problems decide test by test what runs (batch.run_tests does the same).
        skip = skip_rule(self.problem, run_all) if self.problem.groups else None
        with sandbox.session(setup.session(build.directory)) as shared:
            warnings = list(shared.warnings)
            for index, test in enumerate(tests):
                why = skip(test, reports) if skip is not None else ""
                if why:
                    reports.append(skipped(test, why))
                    if self.progress is not None:
                        self.progress(len(reports), len(tests))
                    continue
                outdir = _folder(workspace / "out" / f"{index:04d}")
                with test_session(sandbox, build, shared, test, outdir / "box") as session:
                    one_pass = BatchPass(session, setup, validator, test, outdir)
                    outcomes = run_passes(one_pass, test.input, self.problem.validation_passes)
                reports.append(passes_report(test, outcomes))
                warnings += [w for o in outcomes for w in o.warnings]
                _clean(outdir)  # outputs can be large: only the previews are kept
                if self.progress is not None:
                    self.progress(len(reports), len(tests))
                if skip is None and not run_all and not reports[-1].classification.is_accepted:
                    break
        reports.extend(skipped(t) for t in tests[len(reports) :])
        if self.progress is not None and reports:
            self.progress(len(tests), len(tests))
        return reports, warnings


def passes_report(test: TestCase, outcomes: Sequence[PassOutcome]) -> TestReport:
    """The test as its passes left it: the last pass's verdict, the slowest pass's figures."""
    passes = tuple(o.report for o in outcomes)
    last = outcomes[-1]
    message = last.report.message
    if len(passes) > 1 and not last.report.classification.is_accepted:
        message = f"pass {last.report.number}: {message}".rstrip(": ")
    elif len(passes) > 1:  # accepted: the validator's combined feedback of all passes
        message = "\n".join(p.message for p in passes if p.message)
    return TestReport(
        name=test.name,
        classification=last.report.classification,
        cpu_ms=max(p.cpu_ms for p in passes),
        wall_ms=max(p.wall_ms for p in passes),
        memory_kib=max(p.memory_kib for p in passes),
        exit_code=last.report.exit_code,
        signal=last.report.signal,
        checker_message=message,
        output_preview=last.report.output_preview,
        stderr_preview=last.stderr_preview,
        sample=test.sample,
        feedback_score=last.score[0],
        feedback_multiplier=last.score[1],
        passes=passes,
    )


def _folder(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def _clean(outdir: Path) -> None:
    for path in outdir.iterdir():
        if path.is_file():
            path.unlink()


def grader_for(
    problem: Problem,
    languages: tuple[LanguageConfig, ...],
    kit: Kit | None,
    options: JudgeOptions,
    progress: Progress | None,
    entrypoint: str | None,
) -> MultiPassGrader | None:
    """The multi-pass grader for a non-interactive problem of that type (engine.judge's
    dispatch). An interactive multi-pass problem is the interactive grader's: its passes are
    sessions with the validator, which BatchPass is not."""
    if MULTI_PASS not in problem.types or INTERACTIVE in problem.types:
        return None
    return MultiPassGrader(problem, languages, kit, options, progress, entrypoint)
