"""Balloons on the live streams: a balloon as the balloon list shows it, and what to publish when
the balloons of a team and problem change (live.publish calls `publish` after the commit).

The list's derived marks (first to solve a problem, the team's earlier balloons) depend on the
other balloons of the same problem and team, so an event carries all of those as they now are.
A contest has at most teams x problems balloons: each view is built from all of them, read in
one query.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from contest.models import Contest
from live import contest as contest_times
from live import streams
from live.events import BalloonEvent, BalloonTaken, BalloonView, SnapshotEvent
from scoreboard import balloons as service
from scoreboard import icpc, logos
from scoreboard.models import Balloon
from scoreboard.services import contest_ms


def _contest_time(ms: int) -> str:
    minutes = max(ms, 0) // 60_000
    return f"{minutes // 60}:{minutes % 60:02d}"


def _load(contest: Contest) -> list[Balloon]:
    query = Balloon.objects.filter(contest=contest).select_related(
        "team__organization", "problem", "submission", "delivered_by"
    )
    found = list(query)
    found.sort(key=lambda b: (b.submission.submitted_at, b.submission_id, b.pk))
    return found


def _revoked(contest: Contest, balloon: Balloon) -> bool:
    """Delivered, and its submission no longer earns it (a judge changed the verdict)."""
    if not balloon.delivered:
        return False
    sub = balloon.submission
    event = icpc.SubmissionEvent(
        sub.pk,
        balloon.team_id,
        balloon.problem_id,
        contest_ms(contest, sub.submitted_at),
        sub.state,
        sub.classification or None,
    )
    return service.earning(contest, [event]) is None


def views(contest: Contest) -> list[BalloonView]:
    """Every balloon of the contest, in contest order."""
    found = _load(contest)
    orders = {b.pk: contest_ms(contest, b.submission.submitted_at) for b in found}
    first: dict[int, int] = {}
    for b in found:
        first[b.problem_id] = min(first.get(b.problem_id, orders[b.pk]), orders[b.pk])
    taken: dict[int, list[BalloonTaken]] = {}
    out = []
    for b in found:
        earlier = taken.setdefault(b.team_id, [])
        out.append(_view(contest, b, orders[b.pk], orders[b.pk] == first[b.problem_id], earlier))
        earlier.append(_taken(b))
    return out


def _taken(balloon: Balloon) -> BalloonTaken:
    problem = balloon.problem
    return BalloonTaken(
        problem_letter=problem.letter, colour=problem.balloon_colour, colour_hex=problem.balloon_css
    )


def _view(
    contest: Contest, b: Balloon, order: int, first: bool, earlier: list[BalloonTaken]
) -> BalloonView:
    problem, team = b.problem, b.team
    return BalloonView(
        id=b.pk,
        contest=contest.pk,
        team=team.pk,
        team_name=team.name,
        location=team.location,
        affiliation=team.affiliation,
        country=team.organization.country if team.organization else "",
        logo=logos.url(
            team.organization_id, team.organization.logo.name if team.organization else ""
        ),
        problem=problem.pk,
        problem_letter=problem.letter,
        problem_name=problem.name,
        colour=problem.balloon_colour,
        colour_hex=problem.balloon_css,
        submission=b.submission_id,
        order=order,
        time=timezone.localtime(b.submission.submitted_at).strftime("%H:%M"),
        contest_time=_contest_time(order),
        first=first,
        taken=list(earlier),
        delivered=b.delivered,
        delivered_at=timezone.localtime(b.delivered_at).strftime("%H:%M") if b.delivered_at else "",
        delivered_by=b.delivered_by.username if b.delivered_by else "",
        revoked=_revoked(contest, b),
    )


def event(contest: Contest, team_id: int, problem_id: int) -> BalloonEvent:
    touched = [v for v in views(contest) if v["team"] == team_id or v["problem"] == problem_id]
    return BalloonEvent(type="balloon", team=team_id, problem=problem_id, balloons=touched)


def publish(contest_id: int, team_id: int, problem_id: int) -> None:
    contest = Contest.objects.filter(pk=contest_id).first()
    if contest is not None:
        stream = streams.balloons_stream(contest_id)
        streams.publish([(stream, event(contest, team_id, problem_id))])


def after_verdict(contest: Contest, team_id: int, problem_id: int) -> None:
    """A submission's verdict in force changed: its balloon follows (the refresh announces a
    change through the hooks, after its own commit)."""
    service.refresh(contest, team_id, problem_id)


def after_contest_change(contest: Contest) -> None:
    """The contest's settings changed: every balloon is compared with the verdicts again."""
    service.refresh_contest(contest)


def snapshot(contest: Contest) -> SnapshotEvent:
    return SnapshotEvent(
        type="snapshot", balloons=views(contest), contest=contest_times.view(contest)
    )


def page_rows(contest: Contest, undelivered_only: bool = False) -> list[Any]:
    """The list page's rows: the same views the live events carry."""
    rows = views(contest)
    return [r for r in rows if not r["delivered"]] if undelivered_only else rows
