"""Timing marks of one judging job, read by bench/pipeline.py (docs/judging.md, "Where the
time goes").

Wall-clock instants (time.time(), so that the web process's, the worker's and the bench's can
be compared on one machine), collected in a list and written as one INFO line of the
`judge.timing` logger when the job ends. A mark costs a list append; nothing is stored in the
database and nothing the job decides depends on them.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from typing import Any

from judge.queue import COMMITTED_META
from judging.report import Report

logger = logging.getLogger("judge.timing")


class Marks:
    """Named instants of one job, in the order they happened."""

    def __init__(self) -> None:
        self.points: list[tuple[str, float]] = []

    def mark(self, name: str) -> None:
        self.points.append((name, time.time()))

    def around(self, name: str, action: Callable[..., None]) -> Callable[..., None]:
        """`action` with a mark `name:start` before and `name:end` after each call (progress
        updates: a database write and a live event per test)."""

        def timed(*args: Any) -> None:
            self.mark(f"{name}:start")
            try:
                action(*args)
            finally:
                self.mark(f"{name}:end")

        return timed

    def log(self, judgement_id: int, **facts: Any) -> None:
        if logger.isEnabledFor(logging.INFO):
            line = {"judgement": judgement_id, "marks": self.points, **facts, **_job_facts()}
            logger.info("judgement %s timing %s", judgement_id, json.dumps(line))


def _job_facts() -> dict[str, float]:
    """When the job was enqueued (RQ's own stamp) and committed (ours), if run by RQ."""
    from rq import get_current_job

    job = get_current_job()
    if job is None:
        return {}
    facts: dict[str, float] = {}
    if job.enqueued_at is not None:
        facts["enqueued_at"] = job.enqueued_at.timestamp()
    committed = job.meta.get(COMMITTED_META)
    if isinstance(committed, float):
        facts["committed_at"] = committed
    return facts


def report_times(report: Report) -> dict[str, int]:
    """What the engine measured itself: the compiler's wall time and the tests' run time."""
    return {
        "compile_ms": report.compile.wall_ms if report.compile else 0,
        "tests_ms": sum(test.wall_ms for test in report.tests),
        "tests": len(report.tests),
    }
