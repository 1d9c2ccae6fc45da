"""Multi-pass problems (type: multi-pass) judged by the real engine in the real sandbox: the
validator's nextpass.in feeds the next pass, the feedback directory persists between passes,
a pass's failure ends the test with its verdict, the format's judge errors are ours, and every
pass that ran is in the report."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from judging.classification import Classification as C
from judging.engine import JudgeOptions, judge, read_submission
from judging.languages import registry
from judging.model import Problem
from judging.problem.package import load_package
from judging.report import Report
from judging.sandbox.base import Sandbox

pytestmark = pytest.mark.sandbox

PACKAGE = Path(__file__).resolve().parent / "multipass"
LANGUAGES = [c for c in registry.all_languages() if registry.is_available(c)]


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    from judging.sandbox import make_sandbox

    return make_sandbox()


@pytest.fixture(scope="module")
def increment() -> Problem:
    return load_package(PACKAGE)


def judged(problem: Problem, sandbox: Sandbox, name: str, package: Path = PACKAGE) -> Report:
    submission = read_submission(package / "submissions" / name)
    return judge(submission, problem, LANGUAGES, sandbox)


def a_copy(tmp_path: Path) -> Path:
    return Path(shutil.copytree(PACKAGE, tmp_path / "increment"))


def test_each_pass_reads_the_validators_nextpass_in_and_is_in_the_report(
    increment: Problem, sandbox: Sandbox
) -> None:
    report = judged(increment, sandbox, "accepted/increment.py")
    assert report.classification is C.ACCEPTED, report
    sample = report.tests[0]
    assert [(p.number, p.input_preview, p.output_preview) for p in sample.passes] == [
        (1, "1\n", "2\n"),
        (2, "20\n", "21\n"),
        (3, "210\n", "211\n"),
    ]
    assert [(p.validator, p.next_pass) for p in sample.passes] == [
        ("accepted", True),
        ("accepted", True),
        ("accepted", False),
    ]
    # The validator counts passes in a file of the feedback directory: it persisted.
    assert [p.message for p in sample.passes] == ["pass 1: ok", "pass 2: ok", "pass 3: ok"]
    assert sample.checker_message == "pass 1: ok\npass 2: ok\npass 3: ok"
    assert [len(t.passes) for t in report.tests] == [3, 2, 1]  # as each answer file asks
    assert sample.cpu_ms == max(p.cpu_ms for p in sample.passes)


def test_the_validator_rejecting_pass_2_is_wrong_answer_and_ends_the_test(
    increment: Problem, sandbox: Sandbox
) -> None:
    report = judged(increment, sandbox, "wrong_answer/wrong_second_pass.py")
    assert report.classification is C.WRONG_ANSWER
    sample = report.tests[0]
    assert [(p.number, p.classification, p.validator) for p in sample.passes] == [
        (1, C.ACCEPTED, "accepted"),
        (2, C.WRONG_ANSWER, "rejected"),
    ]
    assert sample.checker_message == "pass 2: pass 2: expected 21, got 22"


def test_a_crash_on_pass_2_is_that_runs_verdict_and_the_validator_does_not_run(
    increment: Problem, sandbox: Sandbox
) -> None:
    report = judged(increment, sandbox, "run_time_error/crash_second_pass.py")
    assert report.classification is C.INVALID_EXIT_VALUE
    second = report.tests[0].passes[1]
    assert (second.classification, second.exit_code, second.validator) == (
        C.INVALID_EXIT_VALUE,
        1,
        "",
    )
    assert report.tests[0].checker_message == "pass 2: exit code 1"


def test_nextpass_in_on_the_last_allowed_pass_is_a_judge_error(
    tmp_path: Path, sandbox: Sandbox
) -> None:
    package = a_copy(tmp_path)
    yaml = package / "problem.yaml"
    yaml.write_text(yaml.read_text().replace("validation_passes: 3", "validation_passes: 2"))
    problem = load_package(package)
    assert problem.validation_passes == 2
    report = judged(problem, sandbox, "accepted/increment.py", package)
    assert report.classification is C.REQUIRES_REEVALUATION
    assert "wrote nextpass.in on pass 2, the last one" in report.reason


def test_nextpass_in_with_a_rejection_is_a_judge_error(tmp_path: Path, sandbox: Sandbox) -> None:
    package = a_copy(tmp_path)
    validator = package / "output_validator" / "validator.py"
    early = '(feedback / "nextpass.in").write_text("1\\n")\ntry:'
    validator.write_text(validator.read_text().replace("try:", early, 1))
    report = judged(load_package(package), sandbox, "wrong_answer/wrong_second_pass.py", package)
    assert report.classification is C.REQUIRES_REEVALUATION
    assert "wrote nextpass.in on pass 2 and did not exit with 42" in report.reason


def test_the_time_limit_is_per_pass(tmp_path: Path, sandbox: Sandbox) -> None:
    """Three passes of 0.4 s CPU each under a limit of 1 s: each pass is within it (with room
    for a loaded machine), all three together are not."""
    package = a_copy(tmp_path)
    slow = package / "submissions" / "accepted" / "slow.py"
    slow.write_text(
        "import time\nx = int(input())\nend = time.process_time() + 0.4\n"
        "while time.process_time() < end:\n    pass\nprint(x + 1)\n"
    )
    python = registry.get("python3")
    assert python is not None
    problem = load_package(package)
    problem = replace(
        problem,
        time_limit_s=1.0 / python.time_factor,
        tests=problem.tests[:1],  # sample/1: three passes
    )
    report = judged(problem, sandbox, "accepted/slow.py", package)
    assert report.classification is C.ACCEPTED, report
    passes = report.tests[0].passes
    assert len(passes) == 3
    assert report.limits is not None and 1000 <= report.limits.cpu_ms <= 1001
    assert sum(p.cpu_ms for p in passes) > report.limits.cpu_ms


def test_a_scoring_multi_pass_problem_judges_every_test_for_its_points(
    tmp_path: Path, sandbox: Sandbox
) -> None:
    """Stopping at the first failed test is for pass-fail problems: a scoring one's later
    tests still earn points (the scoring rules decide what is skipped)."""
    package = a_copy(tmp_path)
    yaml = package / "problem.yaml"
    yaml.write_text(yaml.read_text().replace("type: multi-pass", "type: [scoring, multi-pass]"))
    problem = load_package(package)
    submission = read_submission(package / "submissions" / "wrong_answer" / "wrong_second_pass.py")
    first_failure_stops = JudgeOptions(run_all_tests=False)
    report = judge(submission, problem, LANGUAGES, sandbox, options=first_failure_stops)
    assert [t.classification for t in report.tests] == [C.WRONG_ANSWER, C.WRONG_ANSWER, C.ACCEPTED]
    assert report.score is not None and report.score > 0


def test_check_package_agrees_on_every_submission_of_the_fixture(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from judging.cli import check_package

    monkeypatch.setenv("JUIZ_CACHE_DIR", str(tmp_path))
    code = check_package.main([str(PACKAGE)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "multi-pass: at most 3 passes per test" in out
    assert "3 submissions: 3 judged, 3 as expected, 0 disagree" in out
