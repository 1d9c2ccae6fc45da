"""One test's classification from its run, then the submission's from its tests.

Precedence for one run (resource verdicts first, as in Hull's runner): Memory Limit Exceeded >
Time Limit Exceeded > Output Limit Exceeded > Invalid Function > Runtime Error (a signal) >
Invalid Exit Value (a non-zero exit code). Only a run that passed all of these is compared with
the answer by the checker. Output past the limit is cut off and the program goes on (the
sandbox ignores SIGXFSZ for it), so a program that floods its output and never ends gets Time
Limit Exceeded, one that ends gets Output Limit Exceeded: DOMjudge's order (it checks the time
limit first).
"""

from __future__ import annotations

import signal
from collections.abc import Iterable

from judging.classification import Classification, most_severe
from judging.sandbox.base import Limits, RunResult

C = Classification

# What runtimes print when an allocation fails under the memory limit. Without these a Python
# MemoryError or a Java OutOfMemoryError would be an uncaught exception, i.e. Invalid Exit
# Value, although the cause is the memory limit. Looked for in the tail of stderr, and only
# when the run failed.
OUT_OF_MEMORY_MARKERS: tuple[bytes, ...] = (
    b"java.lang.OutOfMemoryError",  # Java, Kotlin (before Python's, which it contains)
    b"MemoryError",  # Python
    b"std::bad_alloc",  # C++
    b"out of memory",  # node ("JavaScript heap out of memory"), Go, GHC's RTS
    b"Runtime error 203",  # Free Pascal: heap overflow
)


def failed(result: RunResult) -> bool:
    return result.signal is not None or result.exit_code != 0


def memory_exceeded(result: RunResult, limits: Limits, stderr_tail: bytes) -> bool:
    # Peak memory above the limit is MLE even when the sandbox could not stop the program
    # (e.g. without the memory cgroup); a failed run that reached the limit ran out of it.
    if result.memory_limit_hit or result.memory_kib > limits.memory_kib:
        return True
    if not failed(result):
        return False
    return result.memory_kib >= limits.memory_kib or out_of_memory_marker(stderr_tail) is not None


def out_of_memory_marker(stderr_tail: bytes) -> str | None:
    """The runtime's out-of-memory message found in stderr, if any."""
    lowered = stderr_tail.lower()
    for marker in OUT_OF_MEMORY_MARKERS:
        if marker.lower() in lowered:
            return marker.decode()
    return None


def time_exceeded(result: RunResult, limits: Limits) -> bool:
    return (
        result.cpu_limit_hit
        or result.wall_limit_hit
        or result.cpu_ms > limits.cpu_ms
        or result.wall_ms > limits.wall_ms
        or result.signal == signal.SIGXCPU  # RLIMIT_CPU's own signal
    )


def output_exceeded(result: RunResult) -> bool:
    return result.output_limit_hit or result.signal == signal.SIGXFSZ  # RLIMIT_FSIZE's


def forbidden(result: RunResult) -> bool:
    # SIGSYS is what a seccomp filter that kills sends.
    return result.forbidden_call is not None or result.signal == signal.SIGSYS


def run_classification(
    result: RunResult, limits: Limits, stderr_tail: bytes = b""
) -> Classification | None:
    """The classification a run earns by itself, or None when only the checker can tell."""
    if memory_exceeded(result, limits, stderr_tail):
        return C.MEMORY_LIMIT_EXCEEDED
    if time_exceeded(result, limits):
        return C.TIME_LIMIT_EXCEEDED
    if output_exceeded(result):
        return C.OUTPUT_LIMIT_EXCEEDED
    if forbidden(result):
        return C.INVALID_FUNCTION
    if result.signal is not None:
        return C.RUNTIME_ERROR
    if result.exit_code != 0:
        return C.INVALID_EXIT_VALUE
    return None


def run_explanation(
    result: RunResult, classification: Classification, limits: Limits, stderr_tail: bytes = b""
) -> str:
    """A judge-facing sentence on why the run got its classification."""
    if classification is C.MEMORY_LIMIT_EXCEEDED:
        peak = f"peak memory {result.memory_kib} KiB; limit {limits.memory_kib} KiB"
        marker = out_of_memory_marker(stderr_tail)
        below = result.memory_kib < limits.memory_kib and not result.memory_limit_hit
        return f"the runtime ran out of memory ({marker}); {peak}" if marker and below else peak
    if classification is C.OUTPUT_LIMIT_EXCEEDED:
        return f"more than {limits.output_bytes} bytes written"
    if classification is C.TIME_LIMIT_EXCEEDED:
        return (
            f"CPU {result.cpu_ms} ms (limit {limits.cpu_ms} ms), "
            f"wall {result.wall_ms} ms (limit {limits.wall_ms} ms)"
        )
    if classification is C.INVALID_FUNCTION:
        return f"forbidden system call: {result.forbidden_call or 'killed by seccomp'}"
    if classification is C.RUNTIME_ERROR:
        return f"killed by signal {result.signal} ({_signal_name(result.signal)})"
    if classification is C.INVALID_EXIT_VALUE:
        return f"exit code {result.exit_code}"
    return ""


def _signal_name(number: int | None) -> str:
    try:
        return signal.Signals(number or 0).name
    except ValueError:
        return "unknown"


def submission_classification(tests: Iterable[Classification]) -> Classification:
    """The most severe test classification (Evaluation Skipped never decides)."""
    return most_severe(tests)
