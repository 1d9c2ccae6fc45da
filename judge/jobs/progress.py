"""How often a judging job reports its progress (tests done of total).

Each report is a database write and a live event to the team's and the jury's streams, which
read the submission, its counts and the judgement again: tens of milliseconds, when a test of
a typical problem takes a few. Reporting every test made that the larger part of judging
(docs/judging.md, "Where the time goes"). So a test's report waits until
settings.JUIZ_PROGRESS_EVERY_MS have passed since the last one (the first test's end starts
the clock, so it waits too), and a slow problem's tests each go out. The last test's report
waits like the others: the verdict follows it at once and carries the final counts itself, so
a submission judged within the interval makes no report at all. 0 reports every test.
"""

from __future__ import annotations

import time
from collections.abc import Callable

Report = Callable[[int, int], None]


class Throttled:
    """`report(done, total)` when `every_s` have passed since the last report (since the first
    test's end, for the first report)."""

    def __init__(self, report: Report, every_s: float) -> None:
        self.report, self.every_s = report, every_s
        self.last: float | None = None

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if self.last is None:
            self.last = now
        if now - self.last < self.every_s:
            return
        self.last = now
        self.report(done, total)
