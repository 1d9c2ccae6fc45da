"""judge_function and run_custom end to end: the real Python harness in the real sandbox."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NoReturn

import pytest

from judging.builds import BuildCache
from judging.classification import Classification
from judging.engine import RunOutcome, SubmissionFile, judge_function, run_custom
from judging.functions import casefile
from judging.functions.casefile import FunctionProblem
from judging.graders.batch import Progress
from judging.kit import Kit
from judging.languages import registry
from judging.report import Report
from judging.sandbox import make_sandbox
from judging.sandbox.base import Sandbox, SandboxError, SessionSpec
from judging.sandbox.fake import FakeSandbox

C = Classification
DATA = Path(__file__).resolve().parent / "functions" / "data"
ADD = casefile.load(DATA / "add-two.json")
STACK = casefile.load(DATA / "min-stack.json")
RIGHT = b"def addTwo(a, b):\n    return a + b\n"
MIN_STACK = b"""
class MinStack:
    def __init__(self):
        self.items = []
    def push(self, x):
        self.items.append(x)
    def pop(self):
        self.items.pop()
    def getMin(self):
        return min(self.items)
"""
LANGUAGES = registry.all_languages()
PYTHON = registry.get("python3")
KIT = Kit.of_checkout()


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    return make_sandbox()


def judged(
    sandbox: Sandbox, source: bytes, name: str = "sol.py", progress: Progress | None = None
) -> Report:
    return judge_function(
        SubmissionFile(name, source), ADD, LANGUAGES, sandbox, kit=KIT, progress=progress
    )


@pytest.mark.sandbox
def test_a_right_solution_is_accepted_with_progress(sandbox: Sandbox) -> None:
    calls: list[tuple[int, int]] = []
    r = judged(sandbox, RIGHT, progress=lambda done, total: calls.append((done, total)))
    assert r.classification is C.ACCEPTED and r.language == "python3" and len(r.tests) == 4
    assert calls == [(0, 4), (4, 4)]


@pytest.mark.sandbox
def test_a_wrong_solution_is_a_wrong_answer_and_a_broken_one_a_compile_error(
    sandbox: Sandbox,
) -> None:
    assert judged(sandbox, RIGHT.replace(b"a + b", b"a - b")).classification is C.WRONG_ANSWER
    broken = judged(sandbox, b"def addTwo(a, b)\n    return a + b\n")
    assert broken.classification is C.COMPILE_TIME_ERROR and broken.compile is not None


def test_static_checks_come_first() -> None:
    never: Any = None  # no sandbox is needed: nothing reaches it
    other = judge_function(SubmissionFile("sol.rb", RIGHT), ADD, LANGUAGES, never, kit=KIT)
    assert other.classification is C.INVALID_SUBMISSION and "python3" in other.reason
    c_file = judge_function(SubmissionFile("sol.c", RIGHT), ADD, LANGUAGES, never, kit=KIT)
    assert c_file.classification is C.INVALID_SUBMISSION  # C has no harness
    big = judge_function(SubmissionFile("sol.py", b"#" * 300_000), ADD, LANGUAGES, never, kit=KIT)
    assert big.classification is C.PROGRAM_SIZE_EXCEEDED
    refusal = Report(C.INVALID_SUBMISSION, reason="not yours")
    checked = judge_function(
        SubmissionFile("sol.py", RIGHT),
        ADD,
        LANGUAGES,
        never,
        kit=KIT,
        pre_checks=[lambda s, p: refusal],
    )
    assert checked is refusal


class _BrokenSandbox:
    name = "broken"

    def session(self, spec: SessionSpec) -> NoReturn:
        raise SandboxError("bwrap vanished")


def test_a_sandbox_failure_requires_reevaluation() -> None:
    r = judge_function(SubmissionFile("sol.py", RIGHT), ADD, LANGUAGES, _BrokenSandbox(), kit=KIT)
    assert r.classification is C.REQUIRES_REEVALUATION and "bwrap vanished" in r.reason


def test_a_validator_problem_without_its_validator_file_requires_reevaluation() -> None:
    data = json.loads((DATA / "add-two.json").read_text())
    data["comparator"] = "validator:at_least_sum"
    for case in data["cases"]:
        del case["expected"]
    sandbox = FakeSandbox([])  # nothing may run: the problem cannot be judged
    submission = SubmissionFile("sol.py", RIGHT)
    r = judge_function(submission, casefile.parse(data), LANGUAGES, sandbox, kit=KIT)
    assert r.classification is C.REQUIRES_REEVALUATION and r.language == "python3"
    assert r.reason == (
        "host comparison failure: problem add-two is judged by validator 'at_least_sum', "
        "and no validator file was given"
    )
    assert sandbox.sessions == []


def run(
    sandbox: Sandbox, source: bytes, custom: list[Any], problem: FunctionProblem = ADD
) -> RunOutcome:
    assert PYTHON is not None
    reference = (PYTHON, RIGHT if problem is ADD else MIN_STACK)
    return run_custom(source, problem, PYTHON, sandbox, custom, reference, kit=KIT)


@pytest.mark.sandbox
def test_run_mode_gets_custom_expected_values_from_the_reference(sandbox: Sandbox) -> None:
    outcome = run(sandbox, RIGHT.replace(b"a + b", b"a + b if a < 50 else 0"), [[10, 20], [70, 1]])
    assert outcome.compiled and [c["name"] for c in outcome.cases] == [
        "small",
        "negative",
        "custom 1",
        "custom 2",
    ]
    assert [c["status"] for c in outcome.cases][2:] == ["Accepted", "Wrong Answer"]
    assert outcome.cases[3]["expected"] == "71" and outcome.cases[3]["got"] == "0"
    assert outcome.classification == "Wrong Answer" and "3 of 4" in outcome.summary


@pytest.mark.sandbox
def test_run_mode_takes_sequences_named_by_their_class(sandbox: Sandbox) -> None:
    outcome = run(sandbox, MIN_STACK, [[["MinStack", []], ["push", [4]], ["getMin", []]]], STACK)
    custom = outcome.cases[-1]
    assert custom["status"] == "Accepted" and custom["expected"] == "[null,null,4]"


def test_run_mode_rejects_bad_custom_inputs_before_running() -> None:
    never: Any = None
    for custom, message in (
        ([[1]], "expected 2 arguments"),
        ([["1", 2]], "expected an integer"),
        ([[1, 2]] * 21, "at most 20"),
        ([[list(range(20_000)), 1]], "KiB"),
    ):
        assert PYTHON is not None
        outcome = run_custom(RIGHT, ADD, PYTHON, never, custom, None, kit=KIT)
        assert not outcome.compiled and message in outcome.summary, outcome.summary


@pytest.mark.sandbox
def test_a_solution_judged_again_reuses_its_build_with_the_harness(
    sandbox: Sandbox, tmp_path: Path
) -> None:
    cache = BuildCache(tmp_path / "builds")
    reports = [
        judge_function(
            SubmissionFile("sol.py", RIGHT), ADD, LANGUAGES, sandbox, kit=KIT, builds=cache
        )
        for _ in range(2)
    ]
    assert [r.classification for r in reports] == [C.ACCEPTED, C.ACCEPTED]
    first, second = (r.compile for r in reports)
    assert first is not None and second is not None
    assert not first.build_reused and second.build_reused
    assert first.build_key == second.build_key
