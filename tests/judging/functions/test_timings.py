"""Function problems report time and memory (issue 12, item 13): each case its own wall time
(every harness) and CPU time (the Python, C++ and Java harnesses, which can measure the
solution's thread), timed around the call and sent on the LLJUDGE channel; the whole run its
CPU, wall and memory from the sandbox, always."""

from __future__ import annotations

import pytest

from judging.classification import Classification
from judging.functions.protocol import parse
from judging.report import Report
from judging.sandbox import make_sandbox
from judging.sandbox.base import Sandbox
from tests.judging.functions.inline import judge, problem

SPIN = {"kind": "function", "entry": "spin", "argTypes": ["int"], "returnType": "int"}
CASES = [
    {"name": "quick", "args": [0], "expected": 0},
    {"name": "busy", "args": [1], "expected": 1},
]
# "busy" loops for about 150 ms of CPU, then sleeps 100 ms: CPU and wall apart.
SOLUTIONS = {
    "python3": """
import time
def spin(n):
    if n:
        end = time.thread_time() + 0.15
        while time.thread_time() < end:
            pass
        time.sleep(0.1)
    return n
""",
    "cpp": """
#include <ctime>
#include <unistd.h>
int spin(int n) {
    if (n) {
        clock_t end = clock() + CLOCKS_PER_SEC * 15 / 100;
        while (clock() < end) {}
        usleep(100000);
    }
    return n;
}
""",
    "java": """
import java.lang.management.ManagementFactory;
class Solution {
    public int spin(int n) throws InterruptedException {
        if (n != 0) {
            var threads = ManagementFactory.getThreadMXBean();
            long end = threads.getCurrentThreadCpuTime() + 150_000_000L;
            while (threads.getCurrentThreadCpuTime() < end) {}
            Thread.sleep(100);
        }
        return n;
    }
}
""",
    "javascript": """
function spin(n) {
  if (n) { const end = Date.now() + 250; while (Date.now() < end) {} }
  return n;
}
""",
}
MEASURES_CPU = ("python3", "cpp", "java")


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    return make_sandbox()


def _judged(sandbox: Sandbox, language: str) -> Report:
    report, _ = judge(sandbox, language, problem(SPIN, CASES), SOLUTIONS[language])
    assert report.classification is Classification.ACCEPTED, report.to_dict()
    return report


@pytest.mark.sandbox
@pytest.mark.parametrize("language", list(SOLUTIONS))
def test_a_busy_case_reports_its_time_and_the_run_its_time_and_memory(
    sandbox: Sandbox, language: str
) -> None:
    report = _judged(sandbox, language)
    quick, busy = report.tests
    assert busy.wall_ms >= 240 and quick.wall_ms < 50
    assert report.run is not None
    if language in MEASURES_CPU:
        assert 140 <= busy.cpu_ms <= busy.wall_ms - 80  # the sleep is wall time, not CPU
        assert report.run.cpu_ms >= busy.cpu_ms
    # JavaScript's loop spins on the clock: on a busy machine it gets less CPU.
    assert report.run.cpu_ms > 0 and report.run.wall_ms >= busy.wall_ms
    assert report.run.memory_kib > 0
    assert Report.from_dict(report.to_dict()).run == report.run


NONCE = "0" * 32


def _record(extra: str) -> bytes:
    return (
        f'LLJUDGE {{"nonce":"{NONCE}","i":0,"name":"a","status":"done","got":1{extra}}}\n'
        f'LLJUDGE-SUMMARY {{"nonce":"{NONCE}","passed":0,"total":1}}\n'
    ).encode()


def test_the_parser_reads_wall_and_cpu_times_and_ignores_nonsense() -> None:
    record = parse(_record(',"ms":12.5,"cpuMs":7.25'), NONCE, ["a"]).records[0]
    assert (record.ms, record.cpu_ms) == (12.5, 7.25)
    for bad in (',"ms":-1,"cpuMs":true', ',"ms":"5","cpuMs":1e999', ""):
        parsed = parse(_record(bad), NONCE, ["a"])
        assert parsed.complete and (parsed.records[0].ms, parsed.records[0].cpu_ms) == (None, None)
