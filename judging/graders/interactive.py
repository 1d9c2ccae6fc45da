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
from dataclasses import dataclass, field, replace
from pathlib import Path

from judging.checkers.custom import CustomChecker
from judging.checkers.custom import prepare as prepare_validator
from judging.classification import Classification
from judging.graders.batch import Progress, RunSetup, missing_test_data, skipped
from judging.graders.failures import requires_reevaluation
from judging.graders.interaction import Background, Ending, Watch, judge_exit, verdict
from judging.graders.relay import Relay
from judging.graders.sessions import test_session
from judging.graders.standard import JudgeOptions, StandardGrader
from judging.kit import Kit
from judging.languages.base import LanguageConfig
from judging.model import Problem, TestCase
from judging.report import Report, TestReport
from judging.sandbox.base import Limits, RunRequest, Sandbox, Session
from judging.steps.box import COMPILE_HOME, box_env, fill, language_mounts
from judging.steps.classify import run_classification, run_explanation, submission_classification
from judging.steps.compile import Build, Sources
from judging.steps.files import tail, text
from judging.steps.limits import used_limits
from judging.submission import Submission

C = Classification
INTERACTIVE = "interactive"
WALL_FACTOR = 2
DEADLOCK_MESSAGE = "protocol deadlock: the submission and the interactor both waited for input"


def interactive_limits(limits: Limits) -> Limits:
    """The submission's limits in an interactive run: its wall limit is doubled, because it
    also waits while the interactor works (which the format does not count against the
    submission); its CPU limit is the batch one. A deadlock still ends at once."""
    return replace(limits, wall_ms=limits.wall_ms * WALL_FACTOR)


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
        limits = interactive_limits(self._standard().limits(language))
        env = box_env(language)
        writable = self.problem.allow_file_writing
        if not writable:
            env["HOME"] = COMPILE_HOME  # runtimes' caches in HOME go to /tmp, still writable
        argv = fill(language, language.run_command, build.values)
        setup = RunSetup(argv, env, limits, writable, language_mounts(language))
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
        spec = setup.session(build.directory)
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
        wake_r, wake_w = os.pipe2(os.O_CLOEXEC | os.O_NONBLOCK)
        try:
            team_run = Background(session, team, wake_w)
            judge_run = Background(interactor.session, judge, wake_w)
            end = Watch(relay, team_run, judge_run, wake_r).run()
        finally:
            os.close(wake_r)
            os.close(wake_w)
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
