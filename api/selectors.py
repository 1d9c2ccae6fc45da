"""The queries behind the endpoints, already narrowed to what the client may see."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, Max, Q, QuerySet

from accounts.models import User
from api import visibility
from contest.models import Contest, Problem
from judge.models import Judgement, JudgementState, Submission


def problems(user: User | None, contest: Contest, now: datetime) -> list[tuple[Problem, int, int]]:
    """(problem, ordinal, test count) in scoreboard order; ordinals are 1-based."""
    if not visibility.problems_visible(user, contest, now):
        return []
    rows = contest.problems.annotate(test_count=Count("tests")).order_by("letter", "pk")
    return [(p, ordinal, getattr(p, "test_count", 0)) for ordinal, p in enumerate(rows, start=1)]


def submissions(user: User | None, contest: Contest, now: datetime) -> QuerySet[Submission]:
    rows = (
        Submission.objects.filter(contest=contest)
        .select_related("language", "contest")
        .defer("source")  # loaded only for the rare entry-point lookup
        .order_by("submitted_at", "pk")
    )
    if visibility.is_jury(user) or visibility.results_public(contest, now):
        return rows
    if user is not None and user.team_id is not None:
        return rows.filter(team_id=user.team_id)
    return rows.none()


@dataclass(frozen=True)
class JudgementRow:
    judgement: Judgement
    submission: Submission
    current: bool
    max_run_ms: int | None


def _current_ids(subs: QuerySet[Submission]) -> dict[int, Submission]:
    """Submissions by id, each annotated with the id of its judgement in force: the one the
    judge system marked current, else the newest that was not cancelled (still running)."""
    live = ~Q(judgements__state=JudgementState.CANCELLED)
    annotated = subs.annotate(newest_judgement=Max("judgements__id", filter=live))
    return {sub.pk: sub for sub in annotated}


def judgements(
    user: User | None,
    contest: Contest,
    now: datetime,
    subs: QuerySet[Submission],
    only: int | None = None,
) -> list[JudgementRow]:
    """Judgements of the given (visible) submissions, or just judgement `only` if among them;
    outside the jury only the current judgement of each submission."""
    if only is not None:
        # A subquery, not a join: a join filter would also narrow the Max() annotation below.
        subs = subs.filter(pk__in=Judgement.objects.filter(pk=only).values("submission_id"))
    by_id = _current_ids(subs)
    rows = Judgement.objects.filter(submission_id__in=list(by_id))
    if only is not None:
        rows = rows.filter(pk=only)
    rows = rows.annotate(max_cpu_ms=Max("runs__cpu_ms")).order_by("pk")
    jury = visibility.is_jury(user)
    result = []
    for judgement in rows:
        sub = by_id[judgement.submission_id]
        newest = getattr(sub, "newest_judgement", None)
        current = judgement.pk == (sub.current_judgement_id or newest)
        if jury or current:
            max_cpu_ms = getattr(judgement, "max_cpu_ms", None)
            result.append(JudgementRow(judgement, sub, current, max_cpu_ms))
    return result
