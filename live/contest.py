"""A contest's times on every page: the view the clocks read, and the event of a change.

When the jury moves the start, the end or the freeze, each page of the contest hears it on the
stream it already follows (a team's, the jury's, the boards', the balloon list's): its clock and
countdowns move without a reload, and a page whose phase changed (the end moved past now, a
contest over runs again) reloads itself to show the new state (static/live.js)."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from contest.models import Contest
from contest.selectors import teams_of
from live import streams
from live.events import ContestEvent, ContestView

AUDIENCES = ("jury", "public")


def view(contest: Contest) -> ContestView:
    freeze = contest.freeze_start
    return ContestView(
        id=contest.pk,
        name=contest.name,
        start=timezone.localtime(contest.start).isoformat(),
        end=timezone.localtime(contest.end).isoformat(),
        freeze_start=timezone.localtime(freeze).isoformat() if freeze else "",
        phase=str(contest.phase()),
    )


def contest_streams(contest: Contest) -> list[str]:
    """Every stream a page of the contest may follow: the jury's, the boards', the lists', and
    the streams of the contest's teams."""
    teams = teams_of(contest).values_list("pk", flat=True).order_by("pk")
    return [
        streams.jury_stream(contest.pk),
        *(streams.board_stream(contest.pk, a) for a in AUDIENCES),
        *(streams.score_stream(contest.pk, a) for a in AUDIENCES),
        streams.balloons_stream(contest.pk),
        streams.prints_stream(contest.pk),
        *(streams.team_stream(contest.pk, team) for team in teams),
    ]


def events(contest: Contest) -> list[tuple[str, Any]]:
    shown = view(contest)
    return [
        (name, ContestEvent(type="contest", contest=shown)) for name in contest_streams(contest)
    ]
