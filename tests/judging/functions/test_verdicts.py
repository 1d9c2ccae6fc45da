"""Verdicts from a harness run, without a sandbox: a run is assembled from a parsed stream and a
RunResult, and the Report must follow docs/functions.md "Verdicts"."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from judging.classification import Classification
from judging.functions import casefile, compare
from judging.functions.casefile import FunctionProblem
from judging.functions.protocol import parse
from judging.functions.runner import Harness, HarnessRun
from judging.functions.verdicts import run_report
from judging.kit import Kit
from judging.report import Report
from judging.sandbox.base import RunResult
from judging.steps.compile import Build
from tests.judging.functions import toy

C = Classification
KIT = Kit.of_checkout()
DATA = Path(__file__).resolve().parent / "data"
NONCE = "ab" * 16
CLEAN = RunResult(exit_code=0, signal=None, cpu_ms=50, wall_ms=60, memory_kib=9000)


def line(tag: str, body: dict[str, Any]) -> bytes:
    return f"{tag} {json.dumps({'nonce': NONCE, **body})}\n".encode()


def rec(problem: FunctionProblem, i: int, status: str, **extra: Any) -> bytes:
    return line("LLJUDGE", {"i": i, "name": problem.cases[i].name, "status": status, **extra})


def summary(passed: int, total: int) -> bytes:
    return line("LLJUDGE-SUMMARY", {"passed": passed, "total": total})


def report(
    problem: FunctionProblem, stream: bytes, result: RunResult = CLEAN, stderr: bytes = b""
) -> Report:
    build = Build(toy.language(), Path("/nonexistent"), None)
    limits = Harness(toy.ADAPTER, problem, KIT).limits(build.language)
    parsed = parse(stream, NONCE, [c.name for c in problem.cases])
    run = HarnessRun(problem, build, problem.cases, limits, result, parsed, NONCE, stderr, ())
    return run_report(run, compare.host_comparison(problem, KIT))


def verdicts(r: Report) -> list[Classification]:
    return [t.classification for t in r.tests]


ADD = casefile.load(DATA / "add-two.json")
STACK = casefile.load(DATA / "min-stack.json")
CODEC = casefile.load(DATA / "codec.json")


def all_done(problem: FunctionProblem, gots: list[Any]) -> bytes:
    stream = b"".join(rec(problem, i, "done", got=g) for i, g in enumerate(gots))
    return stream + summary(0, len(gots))


def test_every_right_value_is_accepted() -> None:
    r = report(ADD, all_done(ADD, [3, -3, 123, 15]))
    assert r.classification is C.ACCEPTED and verdicts(r) == [C.ACCEPTED] * 4
    assert r.limits is not None and r.limits.time_limit_source == "manifest"


def test_a_harness_pass_is_not_trusted() -> None:
    stream = b"".join(rec(ADD, i, "pass", got=0) for i in range(4)) + summary(4, 4)
    assert verdicts(report(ADD, stream)) == [C.WRONG_ANSWER] * 4


def test_an_error_record_is_a_runtime_error_and_the_run_goes_on() -> None:
    stream = (
        rec(ADD, 0, "done", got=3)
        + rec(ADD, 1, "error", error="ZeroDivisionError: division by zero")
        + rec(ADD, 2, "done", got=123)
        + rec(ADD, 3, "done", got=15)
        + summary(0, 4)
    )
    r = report(ADD, stream)
    assert verdicts(r) == [C.ACCEPTED, C.RUNTIME_ERROR, C.ACCEPTED, C.ACCEPTED]
    assert r.classification is C.RUNTIME_ERROR
    assert r.tests[1].checker_message.startswith("ZeroDivisionError")


def test_previews_are_truncated_json_and_sample_follows_hidden() -> None:
    problem = casefile.parse(
        {
            **{k: v for k, v in json.loads((DATA / "add-two.json").read_text()).items()},
            "argTypes": ["int[]", "int"],
            "returnType": "int[]",
            "cases": [{"name": "big", "args": [list(range(1000)), 1], "expected": [1]}],
        }
    )
    r = report(problem, rec(problem, 0, "done", got=list(range(500))) + summary(0, 1))
    test = r.tests[0]
    assert len(test.input_preview) == 300 and test.input_preview.endswith("...")
    assert test.expected_preview == "[1]" and test.got_preview.startswith("[0,1,2")
    assert test.sample and test.classification is C.WRONG_ANSWER


def test_a_limit_stops_at_the_first_case_without_a_record() -> None:
    limited = RunResult(
        exit_code=None, signal=9, cpu_ms=4100, wall_ms=4200, memory_kib=9000, cpu_limit_hit=True
    )
    r = report(ADD, rec(ADD, 0, "done", got=3), limited)
    assert verdicts(r) == [
        C.ACCEPTED,
        C.TIME_LIMIT_EXCEEDED,
        C.EVALUATION_SKIPPED,
        C.EVALUATION_SKIPPED,
    ]
    assert r.classification is C.TIME_LIMIT_EXCEEDED and "CPU 4100 ms" in r.tests[1].checker_message


def test_memory_output_and_forbidden_calls_keep_their_verdicts() -> None:
    for hit, verdict in (
        ({"memory_limit_hit": True}, C.MEMORY_LIMIT_EXCEEDED),
        ({"output_limit_hit": True}, C.OUTPUT_LIMIT_EXCEEDED),
        ({"forbidden_call": "socket"}, C.INVALID_FUNCTION),
    ):
        result = RunResult(exit_code=None, signal=9, cpu_ms=1, wall_ms=1, memory_kib=1, **hit)  # type: ignore[arg-type]
        assert verdicts(report(ADD, b"", result))[0] is verdict


def test_a_crash_without_limit_is_a_runtime_error_with_the_stderr_tail() -> None:
    crashed = RunResult(exit_code=1, signal=None, cpu_ms=5, wall_ms=5, memory_kib=1)
    r = report(ADD, b"", crashed, b"Traceback...\nNameError: name 'x' is not defined\n")
    assert verdicts(r)[0] is C.RUNTIME_ERROR and "NameError" in r.tests[0].stderr_preview
    assert verdicts(r)[1:] == [C.EVALUATION_SKIPPED] * 3


def test_records_without_summary_then_a_clean_exit_is_a_runtime_error() -> None:
    stream = b"".join(rec(ADD, i, "done", got=g) for i, g in enumerate([3, -3, 123, 15]))
    r = report(ADD, stream)
    assert verdicts(r) == [C.ACCEPTED] * 4
    assert r.classification is C.RUNTIME_ERROR and "no summary" in r.reason


def test_a_shared_result_is_a_wrong_answer_whatever_its_value() -> None:
    stream = rec(ADD, 0, "done", got=3, shared=True) + b"".join(
        rec(ADD, i, "done", got=g) for i, g in ((1, -3), (2, 123), (3, 15))
    )
    r = report(ADD, stream + summary(0, 4))
    assert verdicts(r)[0] is C.WRONG_ANSWER and "must be a copy" in r.tests[0].checker_message


def test_sequence_steps_are_compared_one_by_one() -> None:
    right = [None, None, None, 1, None, 3]
    wrong = [None, None, None, 1, None, 1]
    stream = rec(STACK, 0, "done", got=wrong) + rec(STACK, 1, "done", got=[None, None, -2])
    r = report(STACK, stream + summary(0, 2))
    assert verdicts(r) == [C.WRONG_ANSWER, C.ACCEPTED]
    assert "step 5 (getMin): expected 3, got 1" in r.tests[0].checker_message
    assert verdicts(report(STACK, all_done(STACK, [right, [None, None, -2]]))) == [C.ACCEPTED] * 2
    short = all_done(STACK, [right[:3], [None, None, -2]])
    assert verdicts(report(STACK, short))[0] is C.WRONG_ANSWER


def test_a_roundtrip_must_give_back_its_data() -> None:
    assert verdicts(report(CODEC, all_done(CODEC, [["neet", "code"], []]))) == [C.ACCEPTED] * 2
    assert verdicts(report(CODEC, all_done(CODEC, [["neetcode"], []])))[0] is C.WRONG_ANSWER


def test_a_tampered_stream_is_a_runtime_error() -> None:
    stream = rec(ADD, 0, "done", got=3) + rec(ADD, 0, "done", got=3)
    r = report(ADD, stream)
    assert r.classification is C.RUNTIME_ERROR and "tampered" in r.reason
    assert verdicts(r) == [C.ACCEPTED, C.RUNTIME_ERROR, C.EVALUATION_SKIPPED, C.EVALUATION_SKIPPED]


def test_a_wrong_summary_after_every_record_is_a_runtime_error() -> None:
    stream = all_done(ADD, [3, -3, 123, 15]).replace(b'"passed": 0', b'"passed": 4')
    r = report(ADD, stream)
    assert verdicts(r) == [C.ACCEPTED] * 4 and r.classification is C.RUNTIME_ERROR


def test_an_exit_after_a_complete_stream_still_counts() -> None:
    late = RunResult(
        exit_code=None, signal=None, cpu_ms=9000, wall_ms=9000, memory_kib=1, cpu_limit_hit=True
    )
    r = report(ADD, all_done(ADD, [3, -3, 123, 15]), late)
    assert r.classification is C.TIME_LIMIT_EXCEEDED and "after the last case" in r.reason


def validated(name: str, validator: Path | None) -> FunctionProblem:
    """add-two judged by `validator` (a file) instead of expected values."""
    data = json.loads((DATA / "add-two.json").read_text())
    data["comparator"] = f"validator:{name}"
    for case in data["cases"]:
        del case["expected"]
    return replace(casefile.parse(data), validator_file=validator)


AT_LEAST_SUM = """
SEEN = []

def validate(args, got):
    SEEN.append(args)
    return True if got >= sum(args) else f"{got} is below {sum(args)}"
"""


def test_validator_problems_check_the_type_then_ask_the_validator(tmp_path: Path) -> None:
    validator = tmp_path / "at_least_sum.py"
    validator.write_text(AT_LEAST_SUM)
    problem = validated("at_least_sum", validator)
    r = report(problem, all_done(problem, [3, 0, "x", 1]))
    assert verdicts(r) == [C.ACCEPTED, C.ACCEPTED, C.WRONG_ANSWER, C.WRONG_ANSWER]
    assert "expected an integer" in r.tests[2].checker_message
    assert r.tests[3].checker_message == "1 is below 15"
    seen = compare.host_module(validator, "v").SEEN
    assert seen[0] == [1, 2] and len(seen) == 3  # the malformed value never reached it


def test_the_validator_is_loaded_again_when_its_file_changes(tmp_path: Path) -> None:
    validator = tmp_path / "v.py"
    validator.write_text("def validate(args, got):\n    return True\n")
    problem = validated("v", validator)
    assert verdicts(report(problem, all_done(problem, [0, 0, 0, 0]))) == [C.ACCEPTED] * 4
    validator.write_text("def validate(args, got):\n    return 'no'\n")
    assert verdicts(report(problem, all_done(problem, [0, 0, 0, 0]))) == [C.WRONG_ANSWER] * 4


def test_a_failing_validator_is_our_error(tmp_path: Path) -> None:
    validator = tmp_path / "broken.py"
    validator.write_text("def validate(args, got):\n    return 1 / 0\n")
    problem = validated("broken", validator)
    with pytest.raises(compare.ComparisonError, match="ZeroDivisionError"):
        report(problem, all_done(problem, [3, -3, 123, 15]))


@pytest.mark.parametrize(
    ("text", "message"),
    [(None, "cannot be read"), ("validate = 3\n", "defines no validate"), ("def (", "SyntaxError")],
)
def test_an_unusable_validator_file_is_our_error(
    tmp_path: Path, text: str | None, message: str
) -> None:
    validator = tmp_path / "v.py"
    if text is not None:
        validator.write_text(text)
    with pytest.raises(compare.ComparisonError, match=message):
        compare.host_comparison(validated("v", validator), KIT)


def test_a_validator_problem_without_its_file_cannot_be_judged() -> None:
    with pytest.raises(compare.ComparisonError, match="no validator file was given"):
        compare.host_comparison(validated("at_least_sum", None), KIT)
