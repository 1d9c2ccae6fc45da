"""The limits of one run of a submission, the same rule for every grader (docs/judging.md):

CPU        time limit x the language's time factor
wall       1.5 x CPU + 1 s: a program that sleeps or blocks is stopped too, before it has
           slept twice its limit (DOMjudge kills at CPU + max(1 s, 10 %) of wall time; the
           half of the CPU limit more leaves room for a loaded judging machine)
memory     the memory limit, plus the language's overhead when its address space is not
           limited (JVM, node, Go); heap flags get the bare limit through {memory_mb}
processes  the language's, or the grader's minimum when that is more (a harness thread)
output     what the grader allows (a stdin problem's output_kib, a harness's channel)
"""

from __future__ import annotations

import math

from judging.languages.base import LanguageConfig
from judging.report import UsedLimits
from judging.sandbox.base import Limits

OPEN_FILES = 64


def run_limits(
    time_limit_s: float,
    memory_mb: int,
    language: LanguageConfig,
    *,
    output_bytes: int,
    min_processes: int = 1,
) -> Limits:
    cpu_ms = math.ceil(time_limit_s * language.time_factor * 1000)
    overhead = 0 if language.address_space_limit else language.memory_overhead_mb
    return Limits(
        cpu_ms=cpu_ms,
        wall_ms=wall_ms(cpu_ms),
        memory_kib=(memory_mb + overhead) * 1024,
        output_bytes=output_bytes,
        processes=max(language.run_processes, min_processes, 1),
        open_files=OPEN_FILES,
        address_space_limit=language.address_space_limit,
    )


def wall_ms(cpu_ms: int) -> int:
    return cpu_ms + cpu_ms // 2 + 1000


def used_limits(limits: Limits, time_limit_source: str) -> UsedLimits:
    """The limits as the report states them, with where the time limit came from."""
    return UsedLimits(
        cpu_ms=limits.cpu_ms,
        wall_ms=limits.wall_ms,
        memory_kib=limits.memory_kib,
        output_bytes=limits.output_bytes,
        time_limit_source=time_limit_source,
    )
