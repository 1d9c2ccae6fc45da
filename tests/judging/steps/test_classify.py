"""One run's classification: Hull's precedence (MLE > OLE > TLE > runtime/exit) and Mooshak's
exit-code semantics, table-driven."""

from __future__ import annotations

import signal
from dataclasses import replace

import pytest

from judging.classification import SEVERITY
from judging.classification import Classification as C
from judging.sandbox.base import Limits, RunResult
from judging.steps.classify import run_classification, run_explanation, submission_classification

LIMITS = Limits(cpu_ms=1000, wall_ms=3000, memory_kib=65536, output_bytes=1 << 20)
CLEAN = RunResult(exit_code=0, signal=None, cpu_ms=10, wall_ms=20, memory_kib=1000)
KILLED = replace(CLEAN, exit_code=None, signal=signal.SIGKILL)

CASES = [
    ("clean run goes to the checker", CLEAN, b"", None),
    ("non-zero exit", replace(CLEAN, exit_code=1), b"", C.INVALID_EXIT_VALUE),
    ("exit code 255", replace(CLEAN, exit_code=255), b"", C.INVALID_EXIT_VALUE),
    ("segfault", replace(CLEAN, exit_code=None, signal=signal.SIGSEGV), b"", C.RUNTIME_ERROR),
    ("abort", replace(CLEAN, exit_code=None, signal=signal.SIGABRT), b"", C.RUNTIME_ERROR),
    ("seccomp report", replace(KILLED, forbidden_call="socket"), b"", C.INVALID_FUNCTION),
    (
        "seccomp SIGSYS",
        replace(CLEAN, exit_code=None, signal=signal.SIGSYS),
        b"",
        C.INVALID_FUNCTION,
    ),
    ("cpu limit", replace(KILLED, cpu_limit_hit=True), b"", C.TIME_LIMIT_EXCEEDED),
    ("wall limit", replace(KILLED, wall_limit_hit=True), b"", C.TIME_LIMIT_EXCEEDED),
    ("SIGXCPU", replace(CLEAN, exit_code=None, signal=signal.SIGXCPU), b"", C.TIME_LIMIT_EXCEEDED),
    ("cpu over limit, exit 0", replace(CLEAN, cpu_ms=1001), b"", C.TIME_LIMIT_EXCEEDED),
    ("wall over limit, exit 0", replace(CLEAN, wall_ms=3001), b"", C.TIME_LIMIT_EXCEEDED),
    ("output limit", replace(KILLED, output_limit_hit=True), b"", C.OUTPUT_LIMIT_EXCEEDED),
    (
        "SIGXFSZ",
        replace(CLEAN, exit_code=None, signal=signal.SIGXFSZ),
        b"",
        C.OUTPUT_LIMIT_EXCEEDED,
    ),
    ("memory limit", replace(KILLED, memory_limit_hit=True), b"", C.MEMORY_LIMIT_EXCEEDED),
    ("peak above limit, exit 0", replace(CLEAN, memory_kib=65537), b"", C.MEMORY_LIMIT_EXCEEDED),
    ("failed at the limit", replace(KILLED, memory_kib=65536), b"", C.MEMORY_LIMIT_EXCEEDED),
    ("exit 0 at the limit", replace(CLEAN, memory_kib=65536), b"", None),
    (
        "Python MemoryError",
        replace(CLEAN, exit_code=1),
        b"...\nMemoryError\n",
        C.MEMORY_LIMIT_EXCEEDED,
    ),
    (
        "Java OutOfMemoryError",
        replace(CLEAN, exit_code=1),
        b'Exception in thread "main" java.lang.OutOfMemoryError: Java heap space',
        C.MEMORY_LIMIT_EXCEEDED,
    ),
    (
        "C++ bad_alloc",
        replace(CLEAN, exit_code=None, signal=signal.SIGABRT),
        b"terminate called after throwing an instance of 'std::bad_alloc'",
        C.MEMORY_LIMIT_EXCEEDED,
    ),
    (
        "node heap",
        replace(CLEAN, exit_code=None, signal=signal.SIGABRT),
        b"FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory",
        C.MEMORY_LIMIT_EXCEEDED,
    ),
    ("marker ignored on success", CLEAN, b"MemoryError", None),
    # Precedence: every pair of resource verdicts, the more severe-by-rule wins.
    (
        "MLE beats OLE and TLE",
        replace(KILLED, memory_limit_hit=True, output_limit_hit=True, cpu_limit_hit=True),
        b"",
        C.MEMORY_LIMIT_EXCEEDED,
    ),
    (
        # Output past the limit is cut off and the program goes on: one that floods its
        # output forever runs into the time limit (DOMjudge's TIMELIMIT).
        "TLE beats OLE",
        replace(KILLED, output_limit_hit=True, cpu_limit_hit=True),
        b"",
        C.TIME_LIMIT_EXCEEDED,
    ),
    (
        "OLE beats Invalid Function and a crash",
        replace(CLEAN, exit_code=None, signal=signal.SIGSEGV, output_limit_hit=True),
        b"",
        C.OUTPUT_LIMIT_EXCEEDED,
    ),
    (
        "TLE beats Invalid Function",
        replace(KILLED, cpu_limit_hit=True, forbidden_call="socket"),
        b"",
        C.TIME_LIMIT_EXCEEDED,
    ),
    (
        "Invalid Function beats the signal",
        replace(CLEAN, exit_code=None, signal=signal.SIGKILL, forbidden_call="fork"),
        b"",
        C.INVALID_FUNCTION,
    ),
    (
        "TLE beats a crash",
        replace(KILLED, signal=signal.SIGSEGV, cpu_ms=5000),
        b"",
        C.TIME_LIMIT_EXCEEDED,
    ),
]


@pytest.mark.parametrize(
    ("result", "stderr", "expected"),
    [pytest.param(r, e, x, id=name) for name, r, e, x in CASES],
)
def test_each_run_result_gets_its_classification(
    result: RunResult, stderr: bytes, expected: C | None
) -> None:
    assert run_classification(result, LIMITS, stderr) is expected


@pytest.mark.parametrize(
    ("result", "expected_words"),
    [
        (replace(CLEAN, exit_code=3), "exit code 3"),
        (replace(CLEAN, exit_code=None, signal=signal.SIGSEGV), "SIGSEGV"),
        (replace(KILLED, cpu_limit_hit=True, cpu_ms=1200), "CPU 1200 ms (limit 1000 ms)"),
        (replace(KILLED, forbidden_call="socket"), "socket"),
    ],
)
def test_explanations_name_the_cause(result: RunResult, expected_words: str) -> None:
    classification = run_classification(result, LIMITS)
    assert classification is not None
    assert expected_words in run_explanation(result, classification, LIMITS)


def test_submission_gets_the_most_severe_test() -> None:
    assert submission_classification([C.ACCEPTED, C.WRONG_ANSWER, C.PRESENTATION_ERROR]) is (
        C.WRONG_ANSWER
    )
    assert submission_classification([C.TIME_LIMIT_EXCEEDED, C.RUNTIME_ERROR]) is C.RUNTIME_ERROR
    assert submission_classification([C.ACCEPTED, C.ACCEPTED]) is C.ACCEPTED


def test_evaluation_skipped_never_decides() -> None:
    tests = [C.PRESENTATION_ERROR, C.EVALUATION_SKIPPED, C.EVALUATION_SKIPPED]
    assert submission_classification(tests) is C.PRESENTATION_ERROR


def test_memory_explanation_names_the_runtime_message() -> None:
    result = replace(CLEAN, exit_code=1, memory_kib=40_000)
    stderr = b'Exception in thread "main" java.lang.OutOfMemoryError: Java heap space\n'
    assert run_classification(result, LIMITS, stderr) is C.MEMORY_LIMIT_EXCEEDED
    message = run_explanation(result, C.MEMORY_LIMIT_EXCEEDED, LIMITS, stderr)
    assert message.startswith("the runtime ran out of memory (java.lang.OutOfMemoryError)")
    killed = replace(KILLED, memory_limit_hit=True, memory_kib=65600)
    assert run_explanation(killed, C.MEMORY_LIMIT_EXCEEDED, LIMITS).startswith("peak memory 65600")


def test_severity_order_and_icpc_codes_are_mooshaks_table() -> None:
    # The order, lowest first, with the CCS judgement-type id of each.
    table = [
        ("Accepted", "AC"),
        ("Presentation Error", "PE"),
        ("Wrong Answer", "WA"),
        ("Evaluation Skipped", "SK"),
        ("Output Limit Exceeded", "OLE"),
        ("Memory Limit Exceeded", "MLE"),
        ("Time Limit Exceeded", "TLE"),
        ("Invalid Function", "IF"),
        ("Invalid Exit Value", "IEV"),
        ("Runtime Error", "RTE"),
        ("Compile Time Error", "CE"),
        ("Invalid Submission", "SE"),
        ("Program Size Exceeded", "PSE"),
        ("Requires Reevaluation", "JE"),
    ]
    assert [(c.value, c.icpc_code) for c in SEVERITY] == table
    assert [c.severity for c in SEVERITY] == list(range(len(table)))
    assert set(SEVERITY) == set(C)
