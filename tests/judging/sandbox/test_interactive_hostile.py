"""Hostile submissions to an interactive problem, judged in the real sandbox: each gets its
expected verdict, nothing of the judgement is left running, and none can read the
interactor's files (the test's input, the feedback directory)."""

from __future__ import annotations

import time
from pathlib import Path

import psutil
import pytest

from judging.classification import Classification
from judging.engine import judge
from judging.languages import registry
from judging.model import OutputValidation, Problem, TestCase
from judging.report import Report
from judging.sandbox.base import Sandbox
from judging.submission import SubmissionFile

pytestmark = pytest.mark.sandbox

HERE = Path(__file__).parent / "interactive"
C = Classification


def _problem(
    tmp_path: Path, *, secret: int = 777, output_kib: int = 1024, interactor: str = "interactor.py"
) -> Problem:
    validator = tmp_path / "output_validator"
    validator.mkdir()
    (validator / "interactor.py").write_text((HERE / interactor).read_text())
    data = tmp_path / "data"
    data.mkdir()
    (data / "1.in").write_text(f"{secret}\n")
    (data / "1.ans").write_text("")
    return Problem(
        id="guess",
        name="Guess",
        time_limit_s=1.0,
        memory_mb=256,
        output_kib=output_kib,
        # The submission gets the host path of the input: it must not be able to open it.
        tests=(TestCase("secret/1", data / "1.in", data / "1.ans", args=(str(data / "1.in"),)),),
        validation=OutputValidation(kind="custom", validator_dir=validator),
        types=frozenset({"pass-fail", "interactive"}),
    )


def _judge(name: str, tmp_path: Path, sandbox: Sandbox, **options: int | str) -> Report:
    source = (HERE / name).read_bytes()
    before = {p.pid for p in psutil.Process().children(recursive=True)}
    report = judge(
        SubmissionFile(name, source),
        _problem(tmp_path, **options),
        registry.all_languages(),
        sandbox,
    )
    stray = [p for p in psutil.Process().children(recursive=True) if p.pid not in before]
    assert stray == [], "processes of the judgement still running"
    return report


def test_a_correct_player_is_accepted_with_the_transcript_in_the_report(
    tmp_path: Path, sandbox: Sandbox
) -> None:
    report = _judge("good.py", tmp_path, sandbox)
    assert report.classification is C.ACCEPTED, report
    transcript = report.tests[0].transcript.splitlines()
    assert transcript[0] == ">500"
    assert transcript[1] == "<higher"
    assert transcript[-1] == "<correct"


def test_one_that_never_reads_runs_into_the_time_limit(tmp_path: Path, sandbox: Sandbox) -> None:
    report = _judge("never_reads.py", tmp_path, sandbox)
    assert report.classification is C.TIME_LIMIT_EXCEEDED, report
    assert not report.tests[0].deadlock  # asleep, not reading: not a deadlock


def test_one_that_floods_the_pipe_exceeds_the_output_limit(
    tmp_path: Path, sandbox: Sandbox
) -> None:
    report = _judge("floods.py", tmp_path, sandbox, output_kib=256)
    assert report.classification is C.OUTPUT_LIMIT_EXCEEDED, report
    assert len(report.tests[0].transcript) < 40_000  # capped


def test_one_that_closes_its_stdout_early_is_wrong_and_stopped(
    tmp_path: Path, sandbox: Sandbox
) -> None:
    started = time.monotonic()
    report = _judge("closes_stdout.py", tmp_path, sandbox)
    assert report.classification is C.WRONG_ANSWER, report
    assert "end of file" in report.tests[0].checker_message
    assert time.monotonic() - started < 20  # stopped once the interactor decided


def test_one_that_forks_leaves_nothing_running(tmp_path: Path, sandbox: Sandbox) -> None:
    report = _judge("forks.py", tmp_path, sandbox)
    assert report.classification is C.ACCEPTED, report


def test_one_that_tries_to_read_the_interactors_input_finds_nothing(
    tmp_path: Path, sandbox: Sandbox
) -> None:
    report = _judge("reads_input.py", tmp_path, sandbox)
    assert report.classification is C.ACCEPTED, (report.tests[0].stderr_preview, report)


def test_a_protocol_deadlock_is_a_time_limit_found_before_the_wall_limit(
    tmp_path: Path, sandbox: Sandbox
) -> None:
    report = _judge("reads_first.py", tmp_path, sandbox)
    test = report.tests[0]
    assert report.classification is C.TIME_LIMIT_EXCEEDED, report
    assert test.deadlock
    assert "deadlock" in test.checker_message
    assert report.limits is not None
    assert test.wall_ms < report.limits.wall_ms


def test_an_interactor_that_exits_without_a_verdict_is_our_failure_not_the_teams(
    tmp_path: Path, sandbox: Sandbox
) -> None:
    report = _judge("good.py", tmp_path, sandbox, interactor="broken_interactor.py")
    assert report.classification is C.REQUIRES_REEVALUATION, report
    assert "no verdict" in report.reason
