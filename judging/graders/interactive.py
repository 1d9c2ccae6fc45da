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
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

from judging.checkers.custom import CustomChecker
from judging.checkers.custom import prepare as prepare_validator
from judging.classification import Classification
from judging.graders.base import TestsGrader
from judging.graders.batch import RunSetup
from judging.graders.failures import requires_reevaluation
from judging.graders.interaction import Background, Ending, Watch, judge_exit, verdict
from judging.graders.relay import Relay
from judging.model import Problem, TestCase
from judging.report import Report, TestReport
from judging.sandbox.base import Limits, RunRequest, Sandbox, Session
from judging.steps.classify import run_classification, run_explanation
from judging.steps.compile import Build
from judging.steps.files import tail, text

C = Classification
INTERACTIVE = "interactive"
WALL_FACTOR = 2
DEADLOCK_MESSAGE = "protocol deadlock: the submission and the interactor both waited for input"


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
            one_test = Interaction(setup, interactor, outdir)
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
        end, relay, stderr = self.talk(session, test, test.input, f"{index:04d}")
        report = _report(test, end, self.setup, self.interactor, stderr, relay)
        stderr.unlink(missing_ok=True)
        return report, [*end.team.warnings]

    def talk(
        self,
        session: Session,
        test: TestCase,
        input: Path,
        name: str,
        *,
        keep_feedback: bool = False,
    ) -> tuple[Ending, Relay, Path]:
        """Run the submission and the interactor (given `input` as its input file) together;
        how they ended, the relay (its transcript) and the submission's stderr file."""
        setup = self.setup
        stderr = self.outdir / f"{name}.err"
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
        return end, relay, stderr


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
