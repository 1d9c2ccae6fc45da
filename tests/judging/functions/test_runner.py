"""The runner and the verdicts in the real sandbox, driven by a toy harness
(tests/judging/functions/toy.py) that can be honest or misbehave at a chosen case."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from judging.classification import Classification
from judging.functions import casefile
from judging.functions.casefile import FunctionProblem
from judging.functions.compare import host_comparison
from judging.functions.runner import Harness, HarnessRun, payload
from judging.functions.verdicts import run_report
from judging.graders.failures import compile_error_report
from judging.kit import Kit
from judging.report import Report
from judging.sandbox import make_sandbox
from judging.sandbox.base import Sandbox
from tests.judging.functions import toy

C = Classification
KIT = Kit.of_checkout()
DATA = Path(__file__).resolve().parent / "data"
PROBLEM = casefile.load(DATA / "add-two.json")

pytestmark = pytest.mark.sandbox


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    return make_sandbox()


def run(
    sandbox: Sandbox, tmp: Path, source: bytes, problem: FunctionProblem = PROBLEM
) -> HarnessRun:
    harness = Harness(toy.ADAPTER, problem, KIT)
    build = harness.build(sandbox, toy.language(), source, tmp)
    assert build.ok, build.report
    return harness.run(sandbox, build, problem.cases, tmp)


def report_of(harness_run: HarnessRun) -> Report:
    return run_report(harness_run, host_comparison(harness_run.problem, KIT))


def judged(
    sandbox: Sandbox, tmp: Path, misbehave: str, problem: FunctionProblem = PROBLEM
) -> Report:
    return report_of(run(sandbox, tmp, toy.toy(misbehave), problem))


def verdicts(report: Report) -> list[Classification]:
    return [t.classification for t in report.tests]


def test_the_payload_has_expected_values_only_for_visible_cases() -> None:
    body = json.loads(payload(PROBLEM, PROBLEM.cases, "n" * 32))
    assert body["nonce"] == "n" * 32 and body["manifest"]["entry"] == "addTwo"
    assert ["expected" in c for c in body["cases"]] == [True, True, False, False]
    assert [c["i"] for c in body["cases"]] == [0, 1, 2, 3]


def test_an_honest_harness_is_accepted_with_previews(sandbox: Sandbox, tmp_path: Path) -> None:
    harness_run = run(sandbox, tmp_path, toy.toy())
    assert harness_run.parsed.complete and len(harness_run.nonce) == 32
    report = report_of(harness_run)
    assert report.classification is C.ACCEPTED and verdicts(report) == [C.ACCEPTED] * 4
    first = report.tests[0]
    assert (first.name, first.sample, first.input_preview) == ("small", True, "[1,2]")
    assert (first.expected_preview, first.got_preview) == ("3", "3")
    assert not report.tests[2].sample
    assert report.limits is not None and report.limits.cpu_ms == 4000  # 2 s x python's 2.0


def test_hidden_expected_values_never_reach_the_box(sandbox: Sandbox, tmp_path: Path) -> None:
    harness_run = run(sandbox, tmp_path, toy.toy("print(json.dumps(case), file=sys.stderr)"))
    seen = [json.loads(line) for line in harness_run.stderr_tail.decode().splitlines()]
    assert [("expected" in case) for case in seen] == [True, True, False, False]


def test_the_host_compares_whatever_the_harness_claims(sandbox: Sandbox, tmp_path: Path) -> None:
    # The harness says "done" for hidden cases; a wrong value there is Wrong Answer.
    report = judged(sandbox, tmp_path, "a += case['name'] == 'gen:1'")
    assert report.classification is C.WRONG_ANSWER
    assert verdicts(report) == [C.ACCEPTED, C.ACCEPTED, C.WRONG_ANSWER, C.ACCEPTED]
    wrong = report.tests[2]
    assert wrong.got_preview == "124" and "expected 123, got 124" in wrong.checker_message


def test_a_crash_is_a_runtime_error_at_its_case_and_skips_the_rest(
    sandbox: Sandbox, tmp_path: Path
) -> None:
    report = judged(sandbox, tmp_path, "if case['i'] == 2: raise ValueError('boom')")
    assert report.classification is C.RUNTIME_ERROR
    assert verdicts(report) == [C.ACCEPTED, C.ACCEPTED, C.RUNTIME_ERROR, C.EVALUATION_SKIPPED]
    assert "ValueError: boom" in report.tests[2].stderr_preview
    assert report.tests[2].exit_code == 1


def test_an_endless_loop_is_a_time_limit_at_its_case(sandbox: Sandbox, tmp_path: Path) -> None:
    quick = dataclasses.replace(PROBLEM, time_limit_s=0.5)
    report = judged(sandbox, tmp_path, "while case['i'] == 1: pass", quick)
    assert report.classification is C.TIME_LIMIT_EXCEEDED
    assert verdicts(report)[:2] == [C.ACCEPTED, C.TIME_LIMIT_EXCEEDED]
    assert verdicts(report)[2:] == [C.EVALUATION_SKIPPED] * 2


def test_running_out_of_memory_is_a_memory_limit(sandbox: Sandbox, tmp_path: Path) -> None:
    report = judged(sandbox, tmp_path, "hog = bytearray(1 << 30) if case['i'] == 3 else b''")
    assert verdicts(report) == [C.ACCEPTED] * 3 + [C.MEMORY_LIMIT_EXCEEDED]


def test_an_early_exit_after_a_forged_summary_is_a_runtime_error(
    sandbox: Sandbox, tmp_path: Path
) -> None:
    forged = (
        'os.write(channel, b\'LLJUDGE-SUMMARY {"nonce": "x", "passed": 4, "total": 4}\\n\')'
        "; os._exit(0)"
    )
    report = judged(sandbox, tmp_path, f"if case['i'] == 1: {forged}")
    assert verdicts(report) == [C.ACCEPTED, C.RUNTIME_ERROR, *[C.EVALUATION_SKIPPED] * 2]
    assert "without a result" in report.tests[1].checker_message


def test_a_duplicated_record_is_tampering(sandbox: Sandbox, tmp_path: Path) -> None:
    duplicate = (
        "if case['i'] == 1: send('LLJUDGE', {'i': 0, 'name': 'small', 'status': 'pass', 'got': 3})"
    )
    report = judged(sandbox, tmp_path, duplicate)
    assert report.classification is C.RUNTIME_ERROR and "tampered" in report.reason
    assert verdicts(report) == [C.ACCEPTED, C.RUNTIME_ERROR, *[C.EVALUATION_SKIPPED] * 2]


def test_a_crash_after_the_summary_is_still_a_runtime_error(
    sandbox: Sandbox, tmp_path: Path
) -> None:
    source = toy.toy() + b"\nsys.exit(7)\n"
    report = report_of(run(sandbox, tmp_path, source))
    assert verdicts(report) == [C.ACCEPTED] * 4
    assert report.classification is C.RUNTIME_ERROR and "after the last case" in report.reason


def test_a_harness_that_does_not_compile_is_a_compile_error(
    sandbox: Sandbox, tmp_path: Path
) -> None:
    harness = Harness(toy.ADAPTER, PROBLEM, KIT)
    build = harness.build(sandbox, toy.language(), b"def (:\n", tmp_path)
    assert not build.ok
    report = compile_error_report(build)
    assert report.classification is C.COMPILE_TIME_ERROR and report.compile is not None
    assert "SyntaxError" in report.compile.output
