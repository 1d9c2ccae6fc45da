"""The verdict of an interactive test from how its two runs ended (graders/interaction.py)."""

from __future__ import annotations

import pytest

from judging.checkers.base import ValidatorError
from judging.classification import Classification
from judging.graders.interaction import Ending, verdict
from judging.sandbox.base import RunResult

C = Classification


def _run(exit_code: int | None = 0, signal: int | None = None) -> RunResult:
    return RunResult(exit_code=exit_code, signal=signal, cpu_ms=1, wall_ms=1, memory_kib=1)


ACCEPTS, REJECTS, CRASHED = _run(42), _run(43), _run(None, 11)


def test_the_interactors_42_accepts_a_submission_that_ended_well() -> None:
    assert verdict(Ending(_run(0), ACCEPTS, judge_first=False), None) is C.ACCEPTED


def test_the_interactors_wrong_answer_first_wins_over_the_submissions_crash() -> None:
    end = Ending(CRASHED, REJECTS, judge_first=True, team_stopped=True)
    assert verdict(end, C.RUNTIME_ERROR) is C.WRONG_ANSWER


def test_a_crash_that_made_the_interactor_read_end_of_file_is_the_crash() -> None:
    assert verdict(Ending(CRASHED, REJECTS, judge_first=False), C.RUNTIME_ERROR) is (
        C.RUNTIME_ERROR
    )


def test_a_time_limit_after_an_accepting_interactor_is_the_time_limit() -> None:
    end = Ending(_run(None, 9), ACCEPTS, judge_first=True)
    assert verdict(end, C.TIME_LIMIT_EXCEEDED) is C.TIME_LIMIT_EXCEEDED


def test_a_deadlock_is_a_time_limit_whatever_the_runs_say() -> None:
    end = Ending(_run(None, 9), _run(None, 9), judge_first=False, deadlock=True)
    assert verdict(end, C.RUNTIME_ERROR) is C.TIME_LIMIT_EXCEEDED


def test_the_output_limit_wins_over_what_the_interactor_made_of_the_cut_stream() -> None:
    end = Ending(_run(1), REJECTS, judge_first=True, output_limit=True)
    assert verdict(end, C.INVALID_EXIT_VALUE) is C.OUTPUT_LIMIT_EXCEEDED


def test_an_interactor_that_crashes_is_our_failure() -> None:
    with pytest.raises(ValidatorError):
        verdict(Ending(_run(0), CRASHED, judge_first=True), None)


def test_an_interactor_stopped_after_a_good_ending_is_our_failure() -> None:
    with pytest.raises(ValidatorError):
        verdict(Ending(_run(0), _run(None, 9), judge_first=False, judge_stopped=True), None)


def test_an_interactor_stopped_after_the_submission_failed_leaves_the_failure() -> None:
    end = Ending(_run(None, 9), _run(None, 9), judge_first=False, judge_stopped=True)
    assert verdict(end, C.TIME_LIMIT_EXCEEDED) is C.TIME_LIMIT_EXCEEDED
