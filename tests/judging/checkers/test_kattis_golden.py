"""problemtools' own test cases for its default validator, run against ours: in process and
through the command line (`python -m judging.cli.default_validator`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from judging.checkers.kattis_default import check, compare, parse_flags
from judging.classification import Classification

REPO = Path(__file__).resolve().parents[3]
GOLDEN = REPO / ".." / "shared" / "validator-tests" / "problemtools-default"


def _cases() -> list[Path]:
    if not GOLDEN.is_dir():
        return []
    return sorted(p for p in GOLDEN.iterdir() if p.is_dir())


CASES = _cases()


def test_golden_cases_are_present() -> None:
    if not CASES:
        pytest.fail(f"the problemtools golden cases are missing: expected them in {GOLDEN}")
    assert len(CASES) >= 20


def _args(case: Path) -> list[str]:
    path = case / "args.txt"
    return path.read_text().split() if path.exists() else []


def _expected_message(case: Path) -> bytes | None:
    path = case / "expected_message.txt"
    return path.read_bytes().strip() if path.exists() else None


def _expected_exit(case: Path) -> int:
    return int((case / "expected_exit_code.txt").read_text())


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_golden_case_agrees_in_process(case: Path) -> None:
    answer, output = (case / "judge.ans").read_bytes(), (case / "user.out").read_bytes()
    outcome = compare(answer, output, parse_flags(_args(case)))
    assert outcome.accepted == (_expected_exit(case) == 42)
    expected = _expected_message(case)
    if expected is not None:
        assert outcome.message.strip() == expected
    result = check(output, answer, parse_flags(_args(case)))
    wanted = Classification.ACCEPTED if outcome.accepted else Classification.WRONG_ANSWER
    assert result.classification is wanted
    if expected is not None:
        assert result.message.strip() == expected.decode("utf-8", "replace")


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_golden_case_agrees_on_the_command_line(case: Path, tmp_path: Path) -> None:
    (tmp_path / "input").write_bytes(b"")
    feedback = tmp_path / "feedback"
    feedback.mkdir()
    command = [sys.executable, "-m", "judging.cli.default_validator"]
    args = [str(tmp_path / "input"), str(case / "judge.ans"), str(feedback), *_args(case)]
    with (case / "user.out").open("rb") as stdin:
        done = subprocess.run(command + args, stdin=stdin, cwd=REPO, capture_output=True)
    assert done.returncode == _expected_exit(case), done.stderr
    expected = _expected_message(case)
    if expected is not None:
        assert (feedback / "judgemessage.txt").read_bytes().strip() == expected


def test_judging_command_dispatches_to_the_validator(tmp_path: Path) -> None:
    case = GOLDEN / "test_simple_wa"
    if not case.is_dir():
        pytest.fail(f"golden case missing: {case}")
    (tmp_path / "input").write_bytes(b"")
    command = [sys.executable, "-m", "judging", "default-validator"]
    args = [str(tmp_path / "input"), str(case / "judge.ans"), str(tmp_path)]
    with (case / "user.out").open("rb") as stdin:
        done = subprocess.run(command + args, stdin=stdin, cwd=REPO, capture_output=True)
    assert done.returncode == 43, done.stderr
    assert (tmp_path / "judgemessage.txt").read_bytes().strip() == _expected_message(case)
