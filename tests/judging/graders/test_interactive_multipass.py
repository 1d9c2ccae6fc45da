"""Interactive multi-pass problems (type: interactive multi-pass) judged by the real engine in
the real sandbox: each pass is a new session with the interactor, whose input file is the
test's, then the nextpass.in it wrote; its feedback directory persists between passes; a
pass's failure ends the test with its verdict; the format's judge errors are ours; every pass
is in the report with its transcript."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from judging.classification import Classification as C
from judging.cli import check_package
from judging.engine import judge, read_submission
from judging.languages import registry
from judging.model import Problem
from judging.problem.package import load_package
from judging.report import Report
from judging.sandbox.base import Sandbox

pytestmark = pytest.mark.sandbox

PACKAGE = Path(__file__).resolve().parent / "interactive_multipass"
LANGUAGES = [c for c in registry.all_languages() if registry.is_available(c)]


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    from judging.sandbox import make_sandbox

    return make_sandbox()


@pytest.fixture(scope="module")
def talking() -> Problem:
    return load_package(PACKAGE)


def judged(problem: Problem, sandbox: Sandbox, name: str) -> Report:
    submission = read_submission(PACKAGE / "submissions" / name)
    return judge(submission, problem, LANGUAGES, sandbox)


def test_each_pass_is_a_new_session_on_the_interactors_nextpass_in(
    talking: Problem, sandbox: Sandbox
) -> None:
    report = judged(talking, sandbox, "accepted/increment.py")
    assert report.classification is C.ACCEPTED, report
    assert [len(t.passes) for t in report.tests] == [3, 2, 1]  # as each answer file says
    sample = report.tests[0]
    assert [(p.number, p.input_preview) for p in sample.passes] == [
        (1, "1\n"),
        (2, "20\n"),
        (3, "210\n"),
    ]
    assert [(p.validator, p.next_pass) for p in sample.passes] == [
        ("accepted", True),
        ("accepted", True),
        ("accepted", False),
    ]
    assert [p.transcript for p in sample.passes] == ["<1\n>2", "<20\n>21", "<210\n>211"]
    assert sample.transcript == "<1\n>2\n---\n<20\n>21\n---\n<210\n>211"
    # What each pass added to judgemessage.txt (the feedback directory persists).
    assert [p.message.split(" (")[0] for p in sample.passes] == [
        "pass 1: ok",
        "pass 2: ok",
        "pass 3: ok",
    ]


def test_a_pass_the_interactor_rejects_ends_the_test_with_wrong_answer(
    talking: Problem, sandbox: Sandbox
) -> None:
    report = judged(talking, sandbox, "wrong_answer/wrong_second_pass.py")
    assert report.classification is C.WRONG_ANSWER, report
    sample = report.tests[0]
    assert [(p.classification, p.validator) for p in sample.passes] == [
        (C.ACCEPTED, "accepted"),
        (C.WRONG_ANSWER, "rejected"),
    ]
    assert sample.checker_message.startswith("pass 2: pass 2: expected 21, got 20")


def test_a_deadlock_on_a_pass_is_time_limit_exceeded(talking: Problem, sandbox: Sandbox) -> None:
    report = judged(talking, sandbox, "time_limit_exceeded/never_answers.py")
    assert report.classification is C.TIME_LIMIT_EXCEEDED, report
    assert len(report.tests[0].passes) == 1


def test_nextpass_in_on_the_last_allowed_pass_is_our_failure(
    talking: Problem, sandbox: Sandbox
) -> None:
    report = judged(replace(talking, validation_passes=2), sandbox, "accepted/increment.py")
    assert report.classification is C.REQUIRES_REEVALUATION
    assert "nextpass.in on pass 2, the last one" in report.reason


def test_nextpass_in_with_a_rejection_is_our_failure(tmp_path: Path, sandbox: Sandbox) -> None:
    package = Path(shutil.copytree(PACKAGE, tmp_path / "talking"))
    interactor = package / "output_validator" / "interactor.py"
    source = interactor.read_text()
    rejecting = 'say(f"pass {count}: expected {given + 1}, got {got}")\n'
    assert rejecting in source
    wrote = '(feedback / "nextpass.in").write_text("1\\n")\n'
    interactor.write_text(source.replace(rejecting, rejecting + "    " + wrote))
    submission = read_submission(package / "submissions" / "wrong_answer" / "wrong_second_pass.py")
    report = judge(submission, load_package(package), LANGUAGES, sandbox)
    assert report.classification is C.REQUIRES_REEVALUATION, report
    assert "nextpass.in on pass 2 and did not exit with 42" in report.reason


def test_check_package_agrees_on_every_submission(capsys: pytest.CaptureFixture[str]) -> None:
    assert check_package.main([str(PACKAGE)]) == check_package.EXIT_AGREE
    assert "3 submissions: 3 judged, 3 as expected, 0 disagree" in capsys.readouterr().out
