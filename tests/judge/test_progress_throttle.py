"""A judging job's progress reports: at most one every interval, the last test's too (the verdict
follows it with the final counts)."""

from __future__ import annotations

import pytest

from judge.jobs import progress
from judge.jobs.progress import Throttled


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(progress.time, "monotonic", fake)
    return fake


def test_fast_tests_make_no_report(clock: Clock) -> None:
    sent: list[tuple[int, int]] = []
    report = Throttled(lambda done, total: sent.append((done, total)), every_s=0.25)
    for done in range(1, 6):
        clock.now += 0.002
        report(done, 5)
    assert sent == []


def test_slow_tests_each_report_after_the_first(clock: Clock) -> None:
    sent: list[int] = []
    report = Throttled(lambda done, total: sent.append(done), every_s=0.25)
    for done in range(1, 5):
        clock.now += 1.0
        report(done, 4)
    assert sent == [2, 3, 4]


def test_a_report_waits_for_the_interval_since_the_last_one(clock: Clock) -> None:
    sent: list[int] = []
    report = Throttled(lambda done, total: sent.append(done), every_s=0.25)
    for done, step in zip(range(1, 7), (0, 0.1, 0.2, 0.1, 0.3, 0.01), strict=True):
        clock.now += step
        report(done, 6)
    assert sent == [3, 5]  # the last came 0.01 s after the one before


def test_an_interval_of_zero_reports_every_test(clock: Clock) -> None:
    sent: list[int] = []
    report = Throttled(lambda done, total: sent.append(done), every_s=0)
    for done in range(1, 4):
        report(done, 3)
    assert sent == [1, 2, 3]
