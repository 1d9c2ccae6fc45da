"""One rule for the limits of a run (judging/steps/limits.py), whichever grader asks: the
standard grader (per test) and the function grader (one run of every case) differ only in what
they allow of output and the processes a harness needs."""

from __future__ import annotations

from pathlib import Path

import pytest

from judging.functions import casefile
from judging.functions.adapters.registry import HARNESS_LANGUAGES, adapter_for
from judging.graders.function import FunctionGrader
from judging.graders.standard import StandardGrader
from judging.kit import Kit
from judging.languages import registry
from judging.languages.base import LanguageConfig
from judging.model import Problem
from judging.steps.limits import OPEN_FILES, run_limits

FUNCTION = casefile.load(Path(__file__).parents[1] / "functions" / "data" / "add-two.json")


def language(language_id: str) -> LanguageConfig:
    found = registry.get(language_id)
    assert found is not None
    return found


@pytest.mark.parametrize("language_id", HARNESS_LANGUAGES)
def test_both_graders_give_the_same_time_and_memory(language_id: str) -> None:
    config = language(language_id)
    stdin = Problem("p", "P", time_limit_s=FUNCTION.time_limit_s, memory_mb=FUNCTION.memory_mb)
    standard = StandardGrader(stdin, ()).limits(config)
    function = FunctionGrader(FUNCTION, Kit.of_checkout(), FUNCTION.cases).limits(config)
    same = ("cpu_ms", "wall_ms", "memory_kib", "open_files", "address_space_limit")
    assert {k: getattr(standard, k) for k in same} == {k: getattr(function, k) for k in same}
    adapter = adapter_for(language_id)
    assert adapter is not None
    assert function.processes == max(config.run_processes, adapter.run_processes)
    assert standard.processes == config.run_processes
    assert standard.output_bytes == stdin.output_kib * 1024
    assert function.output_bytes == 64 * 1024 * 1024  # the harness's channel


def test_limits_scale_with_the_languages_factors_and_overheads() -> None:
    java = language("java")
    limits = run_limits(1.5, 100, java, output_bytes=4096, min_processes=3)
    assert limits.cpu_ms == 1500 * java.time_factor
    assert limits.wall_ms == limits.cpu_ms * 3 // 2 + 1000
    assert limits.memory_kib == (100 + java.memory_overhead_mb) * 1024  # no RLIMIT_AS: overhead
    assert limits.processes == java.run_processes and limits.open_files == OPEN_FILES
    c = language("c")
    limits = run_limits(0.3333, 64, c, output_bytes=1, min_processes=2)
    assert (limits.cpu_ms, limits.memory_kib, limits.processes) == (334, 64 * 1024, 2)
    assert limits.address_space_limit and limits.output_bytes == 1


def test_a_program_sleeping_twice_its_time_limit_is_stopped_by_the_wall_limit() -> None:
    # DOMjudge's test-suspend-ppid.c sleeps 10 s on a 5 s problem and must get TLE.
    for time_limit_s in (5, 10):
        limits = run_limits(time_limit_s, 256, language("c"), output_bytes=1)
        assert limits.cpu_ms < limits.wall_ms < 2 * limits.cpu_ms
