"""The interactive grader (Kattis `type: interactive`, legacy `validation: custom interactive`,
seed 004's stdioInteraction; docs/judging.md, "Interactive problems").

On every test the submission and the problem's output validator, the *interactor*, run at the
same time, each in its own sandbox session: the submission under the problem's limits, the
interactor (trusted) under the validators' limits, with
`input_file answer_file feedback_dir [flags]` as the format says; the input and the feedback
directory are mounted in the interactor's box only. Each one's stdout is the other's stdin,
through the host (graders/relay.py: bounded pipes, the transcript, the output limit).

While both run, the host watches (`_Watch`):
  * the interactor ended with 43 (or broke) first: the verdict is decided, the submission is
    stopped at once;
  * the submission ended: the interactor gets end-of-file and a grace period to give its
    verdict, then is stopped;
  * a protocol deadlock: nothing in flight, both programs asleep reading a pipe, no CPU used
    for DEADLOCK_QUIET_S: both are stopped, Time Limit Exceeded, said in the report. This needs
    the sandbox to show the programs' processes (bubblewrap as root: the session's cgroup);
    elsewhere the submission's wall limit ends a deadlock.

The verdict (`verdict`; the format names no order, this is the one problemtools' and
BAPCtools' example submissions agree on): an interactor that broke is our failure (Requires
Reevaluation); a deadlock is Time Limit Exceeded; more bytes sent than the output limit is
Output Limit Exceeded (the host cut the stream); the interactor's Wrong Answer wins if its
output ended while the submission's was still open (it rejected what it read, and whatever
the submission did next followed from that); otherwise the submission's own failure (time,
memory, crash, exit code) wins -- a submission that closed its stdout, or crashed, and so made
the interactor read end-of-file is judged on its own ending; then the interactor's 42 or 43.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from judging.checkers.base import ValidatorError
from judging.checkers.custom import CustomChecker
from judging.checkers.custom import prepare as prepare_validator
from judging.classification import Classification
from judging.graders.batch import Progress, RunSetup, missing_test_data, skipped
from judging.graders.failures import requires_reevaluation
from judging.graders.relay import Relay
from judging.graders.sessions import test_session
from judging.graders.standard import JudgeOptions, StandardGrader
from judging.kit import Kit
from judging.languages.base import LanguageConfig
from judging.model import Problem, TestCase
from judging.report import Report, TestReport
from judging.sandbox.base import (
    ProgramControl,
    RunRequest,
    RunResult,
    Sandbox,
    SandboxError,
    Session,
    SessionSpec,
)
from judging.sandbox.procs import blocked_reading, tasks
from judging.steps.box import BOX_DIR, COMPILE_HOME, box_env, fill
from judging.steps.classify import run_classification, run_explanation, submission_classification
from judging.steps.compile import Build, Sources
from judging.steps.files import tail, text
from judging.steps.limits import used_limits
from judging.submission import Submission

C = Classification
INTERACTIVE = "interactive"
DEADLOCK_QUIET_S = 0.5  # both asleep reading, nothing in flight, no CPU: a deadlock
INTERACTOR_GRACE_S = 5.0  # after the submission ended, for the interactor's verdict
SAMPLE_S = 0.05  # how often the host looks, while nothing moves
DEADLOCK_MESSAGE = "protocol deadlock: the submission and the interactor both waited for input"


def grader_for(
    problem: Problem,
    languages: tuple[LanguageConfig, ...],
    kit: Kit | None,
    options: JudgeOptions,
    progress: Progress | None,
    entrypoint: str | None,
) -> InteractiveGrader | None:
    """The grader of an interactive problem, None for other problems."""
    if INTERACTIVE not in problem.types:
        return None
    return InteractiveGrader(problem, languages, kit, options, progress, entrypoint)


@dataclass(frozen=True)
class Ending:
    """How one interactive test ended: both runs, and what the host saw and did."""

    team: RunResult
    judge: RunResult
    # The interactor's output ended while the submission's was still open (the relay's view:
    # a submission that closed its stdout, or died, made the interactor's end follow from it).
    judge_first: bool
    team_stopped: bool = False  # by the host: the interactor had decided
    judge_stopped: bool = False  # by the host: no verdict within the grace period
    deadlock: bool = False
    output_limit: bool = False  # the submission sent more than its output limit


def verdict(end: Ending, team_failure: Classification | None) -> Classification:
    """The test's classification (see the module docstring). `team_failure` is what the
    submission's run earns by itself (steps/classify.py). ValidatorError when the interactor
    broke, or gave no verdict on a submission that ended well."""
    if end.deadlock:
        return C.TIME_LIMIT_EXCEEDED
    # The host cut the submission off at its limit: whatever the interactor then made of the
    # cut stream follows from that.
    if end.output_limit:
        return C.OUTPUT_LIMIT_EXCEEDED
    judged = _judge_exit(end.judge)
    if judged is None:
        # Stopped by the host after a submission that had already failed: that failure.
        if end.judge_stopped and team_failure is not None:
            return team_failure
        raise ValidatorError("the interactor gave no verdict (exit 42 or 43)")
    if judged is C.WRONG_ANSWER and end.judge_first:
        return C.WRONG_ANSWER
    if team_failure is not None and not end.team_stopped:
        return team_failure
    return judged


def _judge_exit(result: RunResult) -> Classification | None:
    if result.signal is None and result.exit_code == 42:
        return C.ACCEPTED
    if result.signal is None and result.exit_code == 43:
        return C.WRONG_ANSWER
    return None


@dataclass(frozen=True)
class InteractiveGrader:
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
        validation = self.problem.validation
        if validation.kind != "custom" or validation.validator_dir is None:
            return requires_reevaluation(
                build.language,
                "an interactive problem needs its output validator (the interactor)",
                build,
            )
        language = build.language
        limits = self._standard().limits(language)
        env = box_env(language)
        env["HOME"] = COMPILE_HOME
        setup = RunSetup(fill(language, language.run_command, build.values), env, limits)
        (workspace / "interactor").mkdir()
        (workspace / "out").mkdir()
        interactor = prepare_validator(
            sandbox,
            validation.validator_dir,
            self.languages,
            validation.flags,
            workspace / "interactor",
            validation.validator_language,
            constants=validation.constants,
        )
        try:
            tests, warnings = self._tests(sandbox, build, setup, interactor, workspace / "out")
        finally:
            interactor.close()
        return Report(
            classification=submission_classification(t.classification for t in tests),
            language=language.id,
            tests=tuple(tests),
            compile=build.report,
            limits=used_limits(limits, self.problem.time_limit_source),
            warnings=tuple(dict.fromkeys((*build.warnings, *warnings))),
        )

    def _tests(
        self,
        sandbox: Sandbox,
        build: Build,
        setup: RunSetup,
        interactor: CustomChecker,
        outdir: Path,
    ) -> tuple[list[TestReport], list[str]]:
        reports: list[TestReport] = []
        tests = self.problem.tests
        spec = SessionSpec(
            workdir=BOX_DIR, seed_dir=build.directory, seccomp=True, workdir_writable=False
        )
        with sandbox.session(spec) as shared:
            warnings = list(shared.warnings)
            for index, test in enumerate(tests):
                box = outdir / f"{index:04d}.box"
                with test_session(sandbox, build, shared, test, box) as session:
                    report, run_warnings = interact(session, setup, test, interactor, outdir, index)
                reports.append(report)
                warnings += run_warnings
                if self.progress is not None:
                    self.progress(len(reports), len(tests))
                if not self.options.run_all_tests and not report.classification.is_accepted:
                    break
        reports.extend(skipped(t) for t in tests[len(reports) :])
        if self.progress is not None and reports:
            self.progress(len(tests), len(tests))
        return reports, warnings


def interact(
    session: Session,
    setup: RunSetup,
    test: TestCase,
    interactor: CustomChecker,
    outdir: Path,
    index: int,
) -> tuple[TestReport, list[str]]:
    """One test: both programs connected, watched to their end, classified.

    Raises SandboxError or ValidatorError: failures of ours, not verdicts."""
    stderr = outdir / f"{index:04d}.err"
    relay = Relay(setup.limits.output_bytes)
    try:
        team = RunRequest(
            argv=(*setup.argv, *test.args),
            limits=setup.limits,
            stdin_fd=relay.team_stdin,
            stdout_fd=relay.team_stdout,
            stderr=stderr,
            env=setup.env,
        )
        judge = interactor.interaction(
            input=test.input,
            answer=test.answer,
            stdin_fd=relay.judge_stdin,
            stdout_fd=relay.judge_stdout,
            flags=test.validator_flags,
        )
        relay.hand_over()
        watch = _Watch(relay, _Background(session, team), _Background(interactor.session, judge))
        end = watch.run()
    finally:
        relay.close()
    report = _report(test, end, setup, interactor, stderr, relay)
    stderr.unlink(missing_ok=True)
    return report, [*end.team.warnings]


def _report(
    test: TestCase,
    end: Ending,
    setup: RunSetup,
    interactor: CustomChecker,
    stderr: Path,
    relay: Relay,
) -> TestReport:
    stderr_tail = tail(stderr)
    failure = run_classification(end.team, setup.limits, stderr_tail)
    classification = verdict(end, failure)
    judged = interactor.judged(end.judge) if _judge_exit(end.judge) is not None else None
    if end.deadlock:
        message = DEADLOCK_MESSAGE
    elif classification is C.OUTPUT_LIMIT_EXCEEDED and end.output_limit:
        message = f"more than {setup.limits.output_bytes} bytes sent to the interactor"
    elif judged is not None and classification is judged.classification:
        message = judged.message
    elif failure is not None:
        message = run_explanation(end.team, failure, setup.limits, stderr_tail)
    else:
        message = ""
    order = "the interactor ended first" if end.judge_first else "the submission ended first"
    return TestReport(
        name=test.name,
        classification=classification,
        cpu_ms=end.team.cpu_ms,
        wall_ms=end.team.wall_ms,
        memory_kib=end.team.memory_kib,
        exit_code=end.team.exit_code,
        signal=end.team.signal,
        checker_message=f"{message} ({order})".strip() if message else order,
        stderr_preview=text(stderr_tail),
        sample=test.sample,
        feedback_score=judged.score if judged is not None else None,
        feedback_multiplier=judged.multiplier if judged is not None else None,
        transcript=relay.transcript.text(),
        deadlock=end.deadlock,
    )


class _Background:
    """One program's run, in a thread of its own (a session's run() blocks until it ends)."""

    def __init__(self, session: Session, request: RunRequest) -> None:
        self.session = session
        self.result: RunResult | None = None
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(request,), daemon=True)
        self._thread.start()

    def _run(self, request: RunRequest) -> None:
        try:
            self.result = self.session.run(request)
        except BaseException as error:
            self.error = error

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def stop(self) -> None:
        if isinstance(self.session, ProgramControl):
            self.session.kill_programs()

    def pids(self) -> list[int]:
        return self.session.program_pids() if isinstance(self.session, ProgramControl) else []

    def join(self) -> RunResult:
        self._thread.join()
        if self.error is not None:
            raise self.error
        assert self.result is not None
        return self.result


@dataclass
class _Watch:
    """The host's watch over one test's two runs (see the module docstring)."""

    relay: Relay
    team: _Background
    judge: _Background
    team_stopped: bool = False
    judge_stopped: bool = False
    deadlock: bool = False
    _team_ended_at: float | None = None
    _quiet_since: float | None = None
    _last_cpu: int | None = None

    def run(self) -> Ending:
        try:
            while self.team.running or self.judge.running:
                moved = self.relay.pump(SAMPLE_S)
                self._step(moved, time.monotonic())
        except BaseException:
            self.team.stop()
            self.judge.stop()
            raise
        finally:
            self._drain()
        team, judge = self.team.join(), self.judge.join()
        return Ending(
            team=team,
            judge=judge,
            judge_first=self.relay.judge_ended_first(),
            team_stopped=self.team_stopped,
            judge_stopped=self.judge_stopped,
            deadlock=self.deadlock,
            output_limit=self.relay.to_judge.limit_hit,
        )

    def _step(self, moved: bool, now: float) -> None:
        if self.team.error is not None or self.judge.error is not None:
            raise SandboxError("an interactive run failed") from (
                self.team.error or self.judge.error
            )
        if not self.judge.running and self.team.running and not self.team_stopped:
            result = self.judge.result
            judged = None if result is None else _judge_exit(result)
            if judged is None or (judged is C.WRONG_ANSWER and self.relay.judge_ended_first()):
                self.team_stopped = True  # decided, whatever the submission does next
                self.team.stop()
        if not self.team.running and self.judge.running:
            self._team_ended_at = self._team_ended_at or now
            if now - self._team_ended_at > INTERACTOR_GRACE_S and not self.judge_stopped:
                self.judge_stopped = True
                self.judge.stop()
        if self.team.running and self.judge.running and not moved:
            self._look_for_deadlock(now)
        else:
            self._quiet_since = None

    def _look_for_deadlock(self, now: float) -> None:
        if not self.relay.idle():
            self._quiet_since = None
            return
        team, judge = tasks(self.team.pids()), tasks(self.judge.pids())
        if not team or not judge or not blocked_reading(team) or not blocked_reading(judge):
            self._quiet_since = None
            return
        cpu = sum(t.cpu_ticks for t in (*team, *judge))
        if cpu != self._last_cpu or self._quiet_since is None:
            self._last_cpu, self._quiet_since = cpu, now
            return
        if now - self._quiet_since >= DEADLOCK_QUIET_S:
            self.deadlock = True
            self.team.stop()
            self.judge.stop()

    def _drain(self) -> None:
        """What the programs wrote just before they ended is still in the pipes."""
        deadline = time.monotonic() + 1.0
        while not self.relay.finished and time.monotonic() < deadline:
            if not self.relay.pump(0.01) and not (self.team.running or self.judge.running):
                break
