"""What a rejudge set shows while and after it judges: its progress and the old x new matrix.

Read by the jury's pages, the live publisher (progress events) and the service that applies a
set (which needs to know that every item is finished).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from django.conf import settings
from django.db.models import Count, Q

from judge.models import Judgement, JudgementState, RejudgeItem, RejudgeSet
from judging.classification import SEVERITY


def is_finished(judgement: Judgement) -> bool:
    """Done, cancelled, or failed with no retry left (judge.jobs.judging retries
    up to the setting)."""
    if judgement.state in (JudgementState.DONE, JudgementState.CANCELLED):
        return True
    return (
        judgement.state == JudgementState.FAILED and judgement.attempts > settings.JUIZ_MAX_RETRIES
    )


@dataclass(frozen=True)
class Progress:
    done: int
    total: int

    @property
    def percent(self) -> int:
        return 100 * self.done // self.total if self.total else 100

    @property
    def finished(self) -> bool:
        return self.done == self.total


def progress(rejudge: RejudgeSet) -> Progress:
    finished = Q(new_judgement__state__in=[JudgementState.DONE, JudgementState.CANCELLED]) | Q(
        new_judgement__state=JudgementState.FAILED,
        new_judgement__attempts__gt=settings.JUIZ_MAX_RETRIES,
    )
    counts = rejudge.items.aggregate(total=Count("id"), done=Count("id", filter=finished))
    return Progress(done=counts["done"], total=counts["total"])


def items_of(rejudge: RejudgeSet) -> list[RejudgeItem]:
    return list(
        rejudge.items.select_related(
            "new_judgement", "submission__team", "submission__problem", "submission__language"
        )
    )


@dataclass(frozen=True)
class Matrix:
    """Old verdict (rows) x new classification (columns) over the finished items."""

    rows: tuple[str, ...]
    columns: tuple[str, ...]
    counts: dict[tuple[str, str], int]
    changed: tuple[RejudgeItem, ...]
    unfinished: int

    def table(self) -> list[tuple[str, list[tuple[str, int]]]]:
        return [
            (row, [(col, self.counts.get((row, col), 0)) for col in self.columns])
            for row in self.rows
        ]


def matrix(rejudge: RejudgeSet) -> Matrix:
    items = items_of(rejudge)
    finished = [item for item in items if is_finished(item.new_judgement)]
    pairs = Counter((item.old_classification, _new_classification(item)) for item in finished)
    return Matrix(
        rows=_ordered(old for old, _ in pairs),
        columns=_ordered(new for _, new in pairs),
        counts=dict(pairs),
        changed=tuple(i for i in finished if i.old_classification != _new_classification(i)),
        unfinished=len(items) - len(finished),
    )


def _new_classification(item: RejudgeItem) -> str:
    judgement = item.new_judgement
    if judgement.state == JudgementState.CANCELLED and not judgement.classification:
        return "Cancelled"
    return judgement.classification


def _ordered(values: Iterable[str]) -> tuple[str, ...]:
    rank = {c.value: i for i, c in enumerate(SEVERITY)}
    return tuple(sorted(set(values), key=lambda v: (rank.get(v, len(rank)), v)))
