"""The submit-answer grader: answer files matched with the tests by name, each judged by the
problem's output validator, nothing executed (a FakeSandbox without canned runs would fail any
run), and the package reader and check-package on answers/ (data: a submit-answer package)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from judging.classification import Classification as C
from judging.engine import Submission, SubmissionFile, judge
from judging.graders.answers import AnswerError, judge_answers, match_answers
from judging.model import Problem
from judging.problem.calibration import CachingCalibrator
from judging.problem.checking import EXIT_AGREE, check_package
from judging.problem.errors import PackageError
from judging.problem.package import load_package
from judging.problem.runner import EngineJudge
from judging.sandbox.fake import FakeSandbox
from tests.judging.problem.builders import write_package

PACKAGE = Path(__file__).resolve().parent / "answers"  # data: a submit-answer package
RIGHT = {"sample/1.out": b"2 3\n", "secret/1.out": b"3 5\n", "2.ans": b"7 11\n"}


def _program(files: dict[str, bytes]) -> Submission:
    return Submission(tuple(SubmissionFile(n, d) for n, d in files.items()), "answers")


@pytest.fixture(scope="module")
def problem() -> Problem:
    return load_package(PACKAGE)


def test_the_reader_keeps_the_types_and_calibrates_nothing(problem: Problem) -> None:
    assert problem.types == frozenset({"pass-fail", "submit-answer"})
    assert problem.time_limit_source == "submit-answer"  # nothing runs
    assert [t.name for t in problem.tests] == ["sample/1", "secret/1", "secret/2"]


def test_answers_match_by_test_name_or_unique_base_name(problem: Problem) -> None:
    files = [SubmissionFile("answers/secret/1.out", b""), SubmissionFile("2.ans", b"")]
    matched = match_answers(files, problem.tests)
    assert {k: v.filename for k, v in matched.items()} == {
        "secret/1": "answers/secret/1.out",
        "secret/2": "2.ans",
    }


@pytest.mark.parametrize(
    ("names", "needle"),
    [
        (["1.out"], "1.out answers no test"),  # sample/1 and secret/1: the base is ambiguous
        (["secret/9.out"], "secret/9.out answers no test"),
        (["secret/2.out", "2.ans"], "secret/2.out and 2.ans both answer secret/2"),
        (["main.py"], "main.py answers no test"),
    ],
)
def test_files_that_answer_no_test_or_the_same_are_invalid(
    problem: Problem, names: list[str], needle: str
) -> None:
    with pytest.raises(AnswerError, match=needle):
        match_answers([SubmissionFile(n, b"1\n") for n in names], problem.tests)
    report = judge_answers(_program({n: b"1\n" for n in names}), problem, [], FakeSandbox())
    assert report.classification is C.INVALID_SUBMISSION and needle in report.reason


def test_right_answers_are_accepted_and_nothing_runs(problem: Problem) -> None:
    sandbox = FakeSandbox()
    report = judge(_program(RIGHT), problem, [], sandbox)  # no language is needed
    assert report.classification is C.ACCEPTED
    assert [t.classification for t in report.tests] == [C.ACCEPTED] * 3
    assert sandbox.requests == [] and all(t.cpu_ms == 0 for t in report.tests)
    assert report.tests[2].output_preview == "7 11\n"


def test_a_missing_answer_is_judged_as_empty_output(problem: Problem) -> None:
    report = judge(_program({"sample/1.out": b"2 3\n"}), problem, [], FakeSandbox())
    assert report.classification is C.WRONG_ANSWER
    assert [t.classification for t in report.tests] == [C.ACCEPTED, C.WRONG_ANSWER, C.WRONG_ANSWER]
    assert report.tests[1].checker_message.startswith("no answer file for this test")


def test_an_answer_over_the_output_limit_is_output_limit_exceeded(problem: Problem) -> None:
    small = replace(problem, output_kib=1)
    files = RIGHT | {"2.ans": b"7 11\n" + b" " * 2000}
    report = judge(_program(files), small, [], FakeSandbox())
    assert report.tests[2].classification is C.OUTPUT_LIMIT_EXCEEDED
    assert report.classification is C.OUTPUT_LIMIT_EXCEEDED


def test_check_package_judges_answer_folders_and_says_why_not_a_program() -> None:
    calibrator = CachingCalibrator(EngineJudge(languages=[], sandbox=FakeSandbox()))
    outcome = check_package(PACKAGE, calibrator)
    rows = {r.submission: r for r in outcome.rows}
    assert {k: r.verdict for k, r in rows.items() if not r.not_judged} == {
        "accepted/all": "AC",
        "wrong_answer/missing": "WA",
        "wrong_answer/one_wrong": "WA",
    }
    assert all(r.agrees for r in rows.values() if not r.not_judged)
    assert rows["accepted/factor.py"].not_judged.startswith("a program, not answer files")
    assert outcome.exit_code == EXIT_AGREE


def test_submit_answer_cannot_be_combined_with_interactive(tmp_path: Path) -> None:
    package = write_package(
        tmp_path,
        {
            "problem.yaml": "problem_format_version: 2023-07\ntype: submit-answer interactive\n",
            "data/secret/1.in": "1\n",
            "data/secret/1.ans": "1\n",
        },
    )
    with pytest.raises(PackageError, match="submit-answer and interactive cannot be combined"):
        load_package(package)
