"""Who sees which clarification, and what the jury's queue holds.

A team sees its own questions, and the jury messages sent to it, to its category or to
everyone, unless withdrawn. The jury sees everything. These rules serve the team's pages, its
live stream and the API alike.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet

from accounts.models import Team
from contest.models import Contest
from contest.selectors import categories_of
from judge.models import Clarification, ClarificationRead, ClarificationState

RELATIONS = ("from_team", "to_team", "to_category", "problem", "claimed_by", "reply_to")


def with_relations(query: QuerySet[Clarification]) -> QuerySet[Clarification]:
    return query.select_related(*RELATIONS)


def _received(contest: Contest, team: Team) -> Q:
    """Jury messages that reach this team (to it, to its category in the contest, to
    everyone)."""
    addressed = Q(to_team=None, to_category=None) | Q(to_team=team)
    category = categories_of(contest, [team.pk]).get(team.pk)
    if category is not None:
        addressed |= Q(to_team=None, to_category_id=category)
    return Q(from_team=None, withdrawn_at=None) & addressed


def for_team(contest: Contest, team: Team) -> QuerySet[Clarification]:
    query = Clarification.objects.filter(contest=contest).filter(
        Q(from_team=team) | _received(contest, team)
    )
    return with_relations(query).order_by("-time", "-id")


def visible_to_team(clarification: Clarification, team: Team) -> bool:
    return for_team(clarification.contest, team).filter(pk=clarification.pk).exists()


def unread_ids(contest: Contest, team: Team) -> list[int]:
    """The jury messages this team may see and has not read, newest first."""
    read = ClarificationRead.objects.filter(team=team).values("clarification_id")
    received = Clarification.objects.filter(contest=contest).filter(_received(contest, team))
    return list(received.exclude(pk__in=read).order_by("-time", "-id").values_list("pk", flat=True))


def recipients(clarification: Clarification) -> list[int]:
    """The teams whose streams a jury message reaches (a question: the team that asked)."""
    if clarification.from_team_id is not None:
        return [clarification.from_team_id]
    if clarification.to_team_id is not None:
        return [clarification.to_team_id]
    categories = categories_of(clarification.contest)
    wanted = clarification.to_category_id
    return sorted(team for team, category in categories.items() if wanted in (None, category))


def questions(contest: Contest, state: str = "", problem: str = "") -> QuerySet[Clarification]:
    """The jury's list of questions; `problem` is a problem id, "general", or "" for all."""
    query = Clarification.objects.filter(contest=contest).exclude(from_team=None)
    if state:
        query = query.filter(state=state)
    if problem == "general":
        query = query.filter(problem=None)
    elif problem.isascii() and problem.isdigit():
        query = query.filter(problem_id=int(problem))
    return with_relations(query).order_by("-time", "-id")


def unanswered(contest: Contest) -> QuerySet[Clarification]:
    return questions(contest, ClarificationState.UNANSWERED)


def unanswered_count(contest_id: int) -> int:
    return Clarification.objects.filter(
        contest_id=contest_id, state=ClarificationState.UNANSWERED
    ).count()


def jury_messages(contest: Contest) -> QuerySet[Clarification]:
    """Answers and announcements, withdrawn ones included (the jury keeps the record)."""
    return with_relations(Clarification.objects.filter(contest=contest, from_team=None))


def live_answers(question: Clarification) -> QuerySet[Clarification]:
    return with_relations(question.replies.filter(withdrawn_at=None)).order_by("time", "id")
