"""The interactive grader (Kattis `type: interactive`, legacy `validation: custom interactive`,
seed 004's stdioInteraction; docs/judging.md, "Interactive problems").

On every test the submission and the problem's output validator, the *interactor*, run at the
same time, each in its own sandbox session: the submission under the problem's limits (twice
the batch wall limit: it also waits while the interactor works), the
interactor (trusted) under the validators' limits, with
`input_file answer_file feedback_dir [flags]` as the format says; the input and the feedback
directory are mounted in the interactor's box only. Each one's stdout is the other's stdin,
through the host (graders/relay.py: bounded pipes, the transcript, the output limit).

While both run, the host watches (graders/interaction.py, `Watch`):
  * the interactor ended with 43 while the submission's output was still open, or broke: the
    verdict is decided, the submission is stopped at once;
  * the submission ended: the interactor gets end-of-file and a grace period to give its
    verdict, then is stopped;
  * a protocol deadlock: nothing in flight, both programs asleep reading a pipe, no CPU used
    for DEADLOCK_QUIET_S: both are stopped, Time Limit Exceeded, said in the report. This needs
    the sandbox to show the programs' processes (bubblewrap as root: the session's cgroup);
    elsewhere the submission's wall limit ends a deadlock.

The verdict (interaction.py's `verdict`; the format names no order, this is the one
problemtools' and BAPCtools' example submissions agree on): an interactor that broke is our
failure (Requires Reevaluation); a deadlock is Time Limit Exceeded; more bytes sent than the
output limit is Output Limit Exceeded (the host cut the stream); the interactor's Wrong Answer
wins if its output ended while the submission's was still open (it rejected what it read, and
whatever the submission did next followed from that); otherwise the submission's own failure
(time, memory, crash, exit code) wins -- a submission that closed its stdout, or crashed, and
so made the interactor read end-of-file is judged on its own ending; then the interactor's 42
or 43.

An interactive multi-pass problem (`type: interactive multi-pass`) runs every test as passes
(InteractivePasses, over multipass.run_passes): each pass is a new session as above, the
submission started afresh, the interactor given the pass's input as its input file (the
test's .in, then the nextpass.in it wrote on the pass before: an interactor learns its test
from its input file) and the test's feedback directory as the pass before left it. A pass the
verdict above accepts, after which the interactor (exit 42) wrote nextpass.in, is followed by
another, up to `validation_passes`; the test's verdict is its last pass's. Judge errors, as for
multi-pass problems: nextpass.in written with another exit than 42, or on the last pass
allowed. Every pass is in the report with its transcript; the test's transcript is theirs
joined by `---` lines, as a .interaction file separates passes.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path

from judging.checkers import CheckResult, ValidatorError
from judging.checkers.custom import NEXT_PASS_FILE, CustomChecker
from judging.checkers.custom import prepare as prepare_validator
from judging.classification import Classification
from judging.graders.base import OneTest, TestsGrader
from judging.graders.batch import RunSetup
from judging.graders.failures import requires_reevaluation
from judging.graders.interaction import Background, Ending, Watch, judge_exit, verdict
from judging.graders.multipass import (
    MULTI_PASS,
    PREVIEW_BYTES,
    PassOutcome,
    added_message,
    test_passes,
)
from judging.graders.relay import Relay
from judging.model import Problem, TestCase
from judging.report import PassReport, Report, TestReport
from judging.sandbox.base import Limits, RunRequest, Sandbox, Session
from judging.steps.classify import run_classification, run_explanation
from judging.steps.compile import Build
from judging.steps.files import head, tail, text

C = Classification
INTERACTIVE = "interactive"
WALL_FACTOR = 2
DEADLOCK_MESSAGE = "protocol deadlock: the submission and the interactor both waited for input"
_VALIDATOR_WORDS = {C.ACCEPTED: "accepted", C.WRONG_ANSWER: "rejected"}  # PassReport.validator
PASS_SEPARATOR = "---"  # between two passes' transcripts, as in a .interaction file


def interactive_limits(limits: Limits) -> Limits:
    """The submission's limits in an interactive run: its wall limit is doubled, because it
    also waits while the interactor works (which the format does not count against the
    submission); its CPU limit is the batch one. A deadlock still ends at once."""
    return replace(limits, wall_ms=limits.wall_ms * WALL_FACTOR)


@dataclass(frozen=True)
class InteractiveGrader(TestsGrader):
    @classmethod
    def judges(cls, problem: Problem) -> bool:
        return INTERACTIVE in problem.types

    def run(self, sandbox: Sandbox, build: Build, workspace: Path) -> Report:
        validation = self.problem.validation
        if validation.kind != "custom" or validation.validator_dir is None:
            return requires_reevaluation(
                build.language,
                "an interactive problem needs its output validator (the interactor)",
                build,
            )
        limits = interactive_limits(self.limits(build.language))
        setup = self.run_setup(build, limits)
        (workspace / "interactor").mkdir()
        outdir = workspace / "out"
        outdir.mkdir()
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
            interaction = Interaction(setup, interactor, outdir)
            one_test: OneTest = interaction
            if MULTI_PASS in self.problem.types:
                one_test = InteractivePasses(interaction, self.problem.validation_passes)
            tests, warnings = self.each_test(sandbox, build, setup, one_test, outdir)
        finally:
            interactor.close()
        return self.report(build, limits, tests, warnings)


grader_for = InteractiveGrader.grader_for


@dataclass(frozen=True)
class Interaction:
    """One test's session with the interactor: both programs connected, watched to their end,
    classified."""

    setup: RunSetup
    interactor: CustomChecker
    outdir: Path

    def __call__(
        self, session: Session, test: TestCase, index: int
    ) -> tuple[TestReport, list[str]]:
        """Raises SandboxError or ValidatorError: failures of ours, not verdicts."""
        stderr = self.outdir / f"{index:04d}.err"
        end, relay = self.talk(session, test, test.input, stderr)
        report = _report(test, end, self.setup, self.interactor, stderr, relay)
        stderr.unlink(missing_ok=True)
        return report, [*end.team.warnings]

    def talk(
        self,
        session: Session,
        test: TestCase,
        input: Path,
        stderr: Path,
        *,
        keep_feedback: bool = False,
    ) -> tuple[Ending, Relay]:
        """Run the submission (its stderr to `stderr`) and the interactor (given `input` as
        its input file) together: how they ended, and the relay (its transcript).
        `keep_feedback`: a later pass of a multi-pass test (the feedback directory persists)."""
        setup = self.setup
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
            judge = self.interactor.interaction(
                input=input,
                answer=test.answer,
                stdin_fd=relay.judge_stdin,
                stdout_fd=relay.judge_stdout,
                flags=test.validator_flags,
                keep_feedback=keep_feedback,
            )
            relay.hand_over()
            wake_r, wake_w = os.pipe2(os.O_CLOEXEC | os.O_NONBLOCK)
            try:
                team_run = Background(session, team, wake_w)
                judge_run = Background(self.interactor.session, judge, wake_w)
                end = Watch(relay, team_run, judge_run, wake_r).run()
            finally:
                os.close(wake_r)
                os.close(wake_w)
        finally:
            relay.close()
        return end, relay


@dataclass(frozen=True)
class _Judged:
    """What one session earns: the verdict, its message, the interactor's verdict if any."""

    classification: Classification
    message: str
    judged: CheckResult | None
    stderr_tail: bytes


def _judge(end: Ending, setup: RunSetup, interactor: CustomChecker, stderr: Path) -> _Judged:
    stderr_tail = tail(stderr)
    failure = run_classification(end.team, setup.limits, stderr_tail)
    classification = verdict(end, failure)
    judged = interactor.judged(end.judge) if judge_exit(end.judge) is not None else None
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
    return _Judged(classification, message, judged, stderr_tail)


def _with_order(message: str, end: Ending) -> str:
    order = "the interactor ended first" if end.judge_first else "the submission ended first"
    return f"{message} ({order})".strip() if message else order


def _report(
    test: TestCase,
    end: Ending,
    setup: RunSetup,
    interactor: CustomChecker,
    stderr: Path,
    relay: Relay,
) -> TestReport:
    got = _judge(end, setup, interactor, stderr)
    judged = got.judged
    return TestReport(
        name=test.name,
        classification=got.classification,
        cpu_ms=end.team.cpu_ms,
        wall_ms=end.team.wall_ms,
        memory_kib=end.team.memory_kib,
        exit_code=end.team.exit_code,
        signal=end.team.signal,
        checker_message=_with_order(got.message, end),
        stderr_preview=text(got.stderr_tail),
        sample=test.sample,
        feedback_score=judged.score if judged is not None else None,
        feedback_multiplier=judged.multiplier if judged is not None else None,
        transcript=relay.transcript.text(),
        deadlock=end.deadlock,
    )


@dataclass(frozen=True)
class InteractivePasses:
    """One test of an interactive multi-pass problem: pass after pass, each a new session
    with the interactor (see the module's docstring), up to `limit`."""

    interaction: Interaction
    limit: int

    def __call__(
        self, session: Session, test: TestCase, index: int
    ) -> tuple[TestReport, list[str]]:
        """Raises SandboxError or ValidatorError (the judge errors): failures of ours."""
        outdir = self.interaction.outdir / f"{index:04d}"
        outdir.mkdir()
        one_pass = InteractivePass(self.interaction, session, test, outdir)
        report, warnings = test_passes(one_pass, test, self.limit, outdir)
        transcript = f"\n{PASS_SEPARATOR}\n".join(p.transcript for p in report.passes)
        deadlock = report.passes[-1].message.startswith(DEADLOCK_MESSAGE)
        return replace(report, transcript=transcript, deadlock=deadlock), warnings


@dataclass(frozen=True)
class InteractivePass:
    """One pass: a session on the pass's input; the interactor's nextpass.in, if it accepted
    and wrote one, is the next pass's input."""

    interaction: Interaction
    session: Session
    test: TestCase
    outdir: Path  # this test's files: <pass>.err, <pass>.next
    messages: list[str] = field(default_factory=list)  # judgemessage.txt after each pass

    def __call__(self, number: int, stdin: Path) -> PassOutcome:
        stderr = self.outdir / f"{number}.err"
        end, relay = self.interaction.talk(
            self.session, self.test, stdin, stderr, keep_feedback=number > 1
        )
        interactor = self.interaction.interactor
        got = _judge(end, self.interaction.setup, interactor, stderr)
        next_input = self._next_input(number, end, got.classification)
        said = judge_exit(end.judge)
        message = got.message
        if got.judged is not None and message == got.judged.message:
            message = added_message(self.messages, message)  # validators append to it
        report = PassReport(
            number=number,
            classification=got.classification,
            cpu_ms=end.team.cpu_ms,
            wall_ms=end.team.wall_ms,
            memory_kib=end.team.memory_kib,
            exit_code=end.team.exit_code,
            signal=end.team.signal,
            validator=_VALIDATOR_WORDS.get(said, "") if said is not None else "",
            next_pass=next_input is not None,
            message=_with_order(message, end),
            input_preview=text(head(stdin, PREVIEW_BYTES + 1), PREVIEW_BYTES),
            transcript=relay.transcript.text(),
        )
        scores = (got.judged.score, got.judged.multiplier) if got.judged else (None, None)
        return PassOutcome(report, next_input, text(got.stderr_tail), scores, end.team.warnings)

    def _next_input(self, number: int, end: Ending, verdict: Classification) -> Path | None:
        target = self.outdir / f"{number}.next"
        if not self.interaction.interactor.take_next_pass(target):
            return None
        if judge_exit(end.judge) is not C.ACCEPTED:
            raise ValidatorError(
                f"the interactor wrote {NEXT_PASS_FILE} on pass {number} and did not exit with 42"
            )
        # It accepted, but the submission's own failure decided the pass: the test ends.
        return target if verdict.is_accepted else None
