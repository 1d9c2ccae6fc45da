"""A submission as the team and as the jury see it (JSON-able, for live events and snapshots).

What a team may see is decided in one place, judge.selectors.visibility.team_view (the same
function the team's pages render with); the jury always sees the classification in force.
"""

from __future__ import annotations

from typing import Literal

from django.db.models import Count, QuerySet
from django.utils import timezone

from contest.models import Contest
from judge.models import Judgement, Submission, SubmissionState
from judge.selectors.visibility import team_view
from live.events import SubmissionView

Audience = Literal["team", "jury"]
ACTIVE_STATES = (SubmissionState.QUEUED, SubmissionState.JUDGING)


def visible(sub: Submission, audience: Audience) -> tuple[str, str]:
    """(classification, status text) as the audience may see them."""
    if audience == "jury":
        return sub.classification, sub.classification or sub.get_state_display()
    seen = team_view(sub)
    return seen.classification, seen.status


def active_judgement(sub: Submission) -> Judgement | None:
    """The judgement whose progress to show: the newest while (re)judging, else the current."""
    if sub.state in ACTIVE_STATES:
        return sub.judgements.order_by("-id").first() or sub.current_judgement
    return sub.current_judgement


def state_label(sub: Submission, judgement: Judgement | None, shown: str) -> str:
    if sub.state == SubmissionState.JUDGING and judgement and judgement.tests_total:
        return f"Judging {judgement.tests_done}/{judgement.tests_total}"
    if sub.state == SubmissionState.PENDING and not shown:
        return "Awaiting validation"
    return SubmissionState(sub.state).label


def contest_time(sub: Submission, contest: Contest) -> str:
    minutes = max(contest.minutes_since_start(sub.submitted_at), 0)
    return f"{minutes // 60}:{minutes % 60:02d}"


def view(sub: Submission, audience: Audience, judgement: Judgement | None = None) -> SubmissionView:
    contest = sub.contest
    judgement = judgement or active_judgement(sub)
    shown, status = visible(sub, audience)
    return SubmissionView(
        id=sub.pk,
        contest=sub.contest_id,
        team=sub.team_id,
        team_name=sub.team.name,
        problem=sub.problem_id,
        problem_letter=sub.problem.letter,
        problem_name=sub.problem.name,
        problem_color=sub.problem.color,
        language=sub.language.name,
        submitted_at=sub.submitted_at.isoformat(),
        time=timezone.localtime(sub.submitted_at).strftime("%H:%M:%S"),
        contest_time=contest_time(sub, contest),
        state=sub.state,
        state_label=state_label(sub, judgement, shown),
        classification=shown,
        status=status,
        final=sub.state == SubmissionState.FINAL,
        tests_done=judgement.tests_done if judgement else 0,
        tests_total=judgement.tests_total if judgement else 0,
        judgement=judgement.pk if judgement else None,
    )


def with_relations(query: QuerySet[Submission]) -> QuerySet[Submission]:
    return query.select_related("contest", "team", "problem", "language", "current_judgement")


def load(submission_id: int) -> Submission | None:
    return with_relations(Submission.objects.filter(pk=submission_id)).first()


def counts(contest_id: int) -> dict[str, int]:
    """Submissions of the contest per state (every state named, zeros included)."""
    query = Submission.objects.filter(contest_id=contest_id).values_list("state")
    found = dict(query.annotate(n=Count("id")).order_by())
    return {state: found.get(state, 0) for state in SubmissionState.values}
