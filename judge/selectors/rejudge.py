"""What a rejudge set shows while and after it judges: its progress and the old x new matrix.

Read by the jury's pages, the live publisher (progress events) and the service that applies a
set (which needs to know that every item is finished).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.conf import settings
from django.db.models import Count, Q

from judge.models import (
    AuditAction,
    AuditEntry,
    Judgement,
    JudgementState,
    RejudgeItem,
    RejudgeSet,
    Submission,
    SubmissionState,
)
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
            "new_judgement",
            "old_judgement",
            "submission__team",
            "submission__problem",
            "submission__language",
            "submission__current_judgement",
        )
    )


def is_override(submission: Submission) -> bool:
    """Whether the verdict in force is a judge's own decision: final, and not what its report
    says (a judge changed the classification, with a reason). A rejudge must not overwrite it
    unless the judge who applies the set says so, one submission at a time."""
    if submission.state != SubmissionState.FINAL or not submission.classification:
        return False
    report = submission.current_judgement
    # No report at all: only a judge can have decided it.
    return report is None or submission.classification != report.classification


@dataclass(frozen=True)
class Override:
    """An item whose submission carries a judge's decision, and why the judge decided it."""

    item: RejudgeItem
    decided: str  # the judge's classification, in force
    report: str  # what the report in force says
    by: str  # who changed it last ("" if the log does not say)
    comment: str

    @property
    def new(self) -> str:
        return _new_classification(self.item)


def overrides(rejudge: RejudgeSet) -> list[Override]:
    """The items of the set whose submissions carry a judge's decision right now."""
    found = [item for item in items_of(rejudge) if is_override(item.submission)]
    reasons = _last_changes([item.submission_id for item in found])
    return [_override(item, reasons.get(item.submission_id)) for item in found]


def _last_changes(submission_ids: list[int]) -> dict[int, AuditEntry]:
    entries = AuditEntry.objects.filter(
        action=AuditAction.CHANGE, submission_id__in=submission_ids
    ).select_related("user")
    latest: dict[int, AuditEntry] = {}
    for entry in entries.order_by("at", "id"):
        latest[entry.submission_id] = entry  # type: ignore[index]
    return latest


def _override(item: RejudgeItem, change: AuditEntry | None) -> Override:
    report = item.submission.current_judgement
    return Override(
        item=item,
        decided=item.submission.classification,
        report=report.classification if report else "",
        by=change.user.username if change and change.user else "",
        comment=change.comment if change else "",
    )


@dataclass(frozen=True)
class Matrix:
    """Old verdict (rows) x new classification (columns) over the finished items."""

    rows: tuple[str, ...]
    columns: tuple[str, ...]
    counts: dict[tuple[str, str], int]
    changed: tuple[RejudgeItem, ...]  # overrides apart (see overrides())
    unfinished: int
    # Scoring problems: old score (rows) x new score (columns), NO_SCORE for none.
    scores: dict[tuple[str, str], int] = field(default_factory=dict)

    def table(self) -> list[tuple[str, list[tuple[str, int]]]]:
        return [
            (row, [(col, self.counts.get((row, col), 0)) for col in self.columns])
            for row in self.rows
        ]

    @property
    def score_columns(self) -> tuple[str, ...]:
        return _by_number(new for _, new in self.scores)

    def score_table(self) -> list[tuple[str, list[tuple[str, int]]]]:
        rows = _by_number(old for old, _ in self.scores)
        return [
            (row, [(col, self.scores.get((row, col), 0)) for col in self.score_columns])
            for row in rows
        ]


def matrix(rejudge: RejudgeSet) -> Matrix:
    items = items_of(rejudge)
    finished = [item for item in items if is_finished(item.new_judgement)]
    pairs = Counter((item.old_classification, _new_classification(item)) for item in finished)
    scores = Counter(
        (shown_score(item.old_judgement), shown_score(item.new_judgement))
        for item in finished
        if _scored(item)
    )
    return Matrix(
        rows=_ordered(old for old, _ in pairs),
        columns=_ordered(new for _, new in pairs),
        counts=dict(pairs),
        changed=tuple(i for i in finished if _changed(i) and not is_override(i.submission)),
        unfinished=len(items) - len(finished),
        scores=dict(scores),
    )


NO_SCORE = "\u2013"  # an en dash: a judgement without points


def shown_score(judgement: Judgement | None) -> str:
    """A judgement's points as the matrix shows them: "60", "88.37", NO_SCORE for none."""
    if judgement is None or judgement.score is None:
        return NO_SCORE
    return f"{judgement.score:g}"


def _scored(item: RejudgeItem) -> bool:
    old = item.old_judgement
    return item.new_judgement.score is not None or (old is not None and old.score is not None)


def _changed(item: RejudgeItem) -> bool:
    """The classification changed, or (scoring problems) the points."""
    if item.old_classification != _new_classification(item):
        return True
    return _scored(item) and shown_score(item.old_judgement) != shown_score(item.new_judgement)


def _by_number(values: Iterable[str]) -> tuple[str, ...]:
    def key(value: str) -> tuple[bool, float]:
        return (value == NO_SCORE, float(value) if value != NO_SCORE else 0.0)

    return tuple(sorted(set(values), key=key))


def _new_classification(item: RejudgeItem) -> str:
    judgement = item.new_judgement
    if judgement.state == JudgementState.CANCELLED and not judgement.classification:
        return "Cancelled"
    return judgement.classification


def _ordered(values: Iterable[str]) -> tuple[str, ...]:
    rank = {c.value: i for i, c in enumerate(SEVERITY)}
    return tuple(sorted(set(values), key=lambda v: (rank.get(v, len(rank)), v)))
