"""The multi-pass loop on its own (judging/graders/multipass.py's run_passes, with a made-up
pass in place of a run in the sandbox, as an interactive session would be plugged in), and the
report's passes through JSON."""

from __future__ import annotations

from pathlib import Path

import pytest

from judging.checkers import ValidatorError
from judging.classification import Classification as C
from judging.graders.multipass import PassOutcome, grader_for, passes_report, run_passes
from judging.graders.standard import JudgeOptions
from judging.model import Problem
from judging.model import TestCase as Case
from judging.report import PassReport, Report
from judging.report import TestReport as OneTest


def passes_asking_for(more: int, tmp_path: Path) -> list[tuple[int, Path]]:
    """Run the loop with a pass that asks for `more` next passes; the calls it got."""
    calls: list[tuple[int, Path]] = []

    def one_pass(number: int, stdin: Path) -> PassOutcome:
        calls.append((number, stdin))
        nxt = tmp_path / f"{number}.next" if number <= more else None
        report = PassReport(number, C.ACCEPTED, cpu_ms=10 * number, next_pass=nxt is not None)
        return PassOutcome(report, nxt)

    run_passes(one_pass, tmp_path / "test.in", limit=3)
    return calls


def test_each_pass_reads_what_the_one_before_it_left(tmp_path: Path) -> None:
    assert passes_asking_for(2, tmp_path) == [
        (1, tmp_path / "test.in"),
        (2, tmp_path / "1.next"),
        (3, tmp_path / "2.next"),
    ]


def test_a_pass_that_asks_for_none_ends_the_test(tmp_path: Path) -> None:
    assert passes_asking_for(0, tmp_path) == [(1, tmp_path / "test.in")]


def test_asking_for_a_pass_beyond_the_limit_is_a_judge_error(tmp_path: Path) -> None:
    with pytest.raises(ValidatorError, match="on pass 3, the last one"):
        passes_asking_for(3, tmp_path)


def test_the_test_is_its_last_passs_verdict_with_its_slowest_passs_time(tmp_path: Path) -> None:
    outcomes = [
        PassOutcome(PassReport(1, C.ACCEPTED, cpu_ms=90, next_pass=True), tmp_path / "1.next"),
        PassOutcome(PassReport(2, C.TIME_LIMIT_EXCEEDED, cpu_ms=50, message="CPU ..."), None),
    ]
    test = Case("secret/1", tmp_path / "1.in", tmp_path / "1.ans")
    report = passes_report(test, outcomes)
    assert (report.classification, report.cpu_ms) == (C.TIME_LIMIT_EXCEEDED, 90)
    assert report.checker_message == "pass 2: CPU ..."
    assert [p.number for p in report.passes] == [1, 2]


def test_the_passes_survive_the_reports_json() -> None:
    passes = (
        PassReport(1, C.ACCEPTED, validator="accepted", next_pass=True, input_preview="1\n"),
        PassReport(2, C.WRONG_ANSWER, exit_code=0, validator="rejected", message="no"),
    )
    report = Report(C.WRONG_ANSWER, tests=(OneTest("t", C.WRONG_ANSWER, passes=passes),))
    data = report.to_dict()
    assert data["tests"][0]["passes"][1]["classification"] == "Wrong Answer"
    assert Report.from_dict(data).tests[0].passes == passes


def test_an_interactive_multi_pass_problem_is_not_this_graders() -> None:
    def grader(types: set[str]) -> object:
        problem = Problem("p", "P", 1.0, types=frozenset(types))
        return grader_for(problem, (), None, JudgeOptions(), None, None)

    assert grader({"pass-fail", "multi-pass"}) is not None
    assert grader({"pass-fail", "multi-pass", "interactive"}) is None
    assert grader({"pass-fail"}) is None
