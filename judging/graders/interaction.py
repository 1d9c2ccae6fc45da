"""One interactive test's two runs: each in a thread of its own (a session's run() blocks until
its program ends), the host's watch over them, how the test ended and its verdict (the rules
are judging/graders/interactive.py's docstring, and docs/judging.md, "Interactive problems")."""

from __future__ import annotations

import contextlib
import os
import threading
import time
from dataclasses import dataclass

from judging.checkers.base import ValidatorError
from judging.classification import Classification
from judging.graders.relay import Relay
from judging.sandbox.base import ProgramControl, RunRequest, RunResult, SandboxError, Session
from judging.sandbox.procs import blocked_reading, tasks

C = Classification
DEADLOCK_QUIET_S = 0.5  # both asleep reading, nothing in flight, no CPU: a deadlock
INTERACTOR_GRACE_S = 5.0  # after the submission ended, for the interactor's verdict
SAMPLE_S = 0.05  # how often the host looks, while nothing moves
STOP_WAIT_S = 10.0  # for a run stopped after a failure elsewhere to end


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
    judged = judge_exit(end.judge)
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


def judge_exit(result: RunResult) -> Classification | None:
    if result.signal is None and result.exit_code == 42:
        return C.ACCEPTED
    if result.signal is None and result.exit_code == 43:
        return C.WRONG_ANSWER
    return None


class Background:
    """One program's run, in a thread of its own (a session's run() blocks until it ends)."""

    def __init__(self, session: Session, request: RunRequest, wake: int) -> None:
        self.session = session
        self.result: RunResult | None = None
        self.error: BaseException | None = None
        self._wake = wake  # written when the run ends: the watch need not wait for a timeout
        self._thread = threading.Thread(target=self._run, args=(request,), daemon=True)
        self._thread.start()

    def _run(self, request: RunRequest) -> None:
        try:
            self.result = self.session.run(request)
        except BaseException as error:
            self.error = error
        with contextlib.suppress(OSError):
            os.write(self._wake, b"!")

    @property
    def running(self) -> bool:
        # Set before the wake-up is written, so a woken watch sees the run as over.
        return self.result is None and self.error is None

    def stop(self) -> None:
        if isinstance(self.session, ProgramControl):
            self.session.kill_programs()

    def pids(self) -> list[int]:
        return self.session.program_pids() if isinstance(self.session, ProgramControl) else []

    def wait(self, seconds: float) -> None:
        self._thread.join(seconds)

    def join(self) -> RunResult:
        self._thread.join()
        if self.error is not None:
            raise self.error
        assert self.result is not None
        return self.result


@dataclass
class Watch:
    """The host's watch over one test's two runs (see the module docstring)."""

    relay: Relay
    team: Background
    judge: Background
    wake: int  # readable when a run ended
    team_stopped: bool = False
    judge_stopped: bool = False
    deadlock: bool = False
    _team_ended_at: float | None = None
    _quiet_since: float | None = None
    _last_cpu: int | None = None

    def run(self) -> Ending:
        try:
            while self.team.running or self.judge.running:
                moved = self.relay.pump(SAMPLE_S, self.wake)
                self._step(moved, time.monotonic())
        except BaseException:
            self.team.stop()
            self.judge.stop()
            # Their sessions close after this: no run may still be going on in them.
            self.team.wait(STOP_WAIT_S)
            self.judge.wait(STOP_WAIT_S)
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
            judged = None if result is None else judge_exit(result)
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
            if not self.relay.pump(0.01):
                break
