"""Whole-state snapshots, sent to a client that (re)connects having missed events.

The stream's version is read *before* the state: an event published in between is then also
delivered (the consumer joined the group first) and re-applying it is harmless, whereas reading
the version after the state could claim a version whose change the snapshot lacks.
"""

from __future__ import annotations

from typing import Any

from accounts.models import Team
from contest.models import Contest
from judge.models import RejudgeSet, RejudgeState, Submission
from judge.selectors import clarifications as clar_selectors
from live import balloons, clarifications, printouts, streams
from live import contest as contest_times
from live import submissions as subviews
from live.events import HelloEvent, SnapshotEvent
from live.publish import counts, rejudge_event

JURY_RECENT = 200  # the jury snapshot carries the newest submissions only


def sync(stream: str, since: int | None, build: Any) -> HelloEvent | SnapshotEvent:
    """A hello when the client's version is the stream's, else a snapshot built by `build()`."""
    current = streams.version(stream)
    if since is not None and since == current:
        return HelloEvent(type="hello", stream=stream, version=current)
    snapshot: SnapshotEvent = build()
    snapshot["stream"], snapshot["version"] = stream, current
    return snapshot


def team(contest: Contest, team_id: int) -> SnapshotEvent:
    query = subviews.with_relations(Submission.objects.filter(contest=contest, team_id=team_id))
    messages, unread = clarifications.team_snapshot(contest, Team.objects.get(pk=team_id))
    return SnapshotEvent(
        type="snapshot",
        submissions=[subviews.view(s, "team") for s in query.order_by("-id")],
        clarifications=messages,
        unread=unread,
        contest=contest_times.view(contest),
    )


def jury(contest: Contest) -> SnapshotEvent:
    query = subviews.with_relations(Submission.objects.filter(contest=contest))
    recent = query.order_by("-id")[:JURY_RECENT]
    judging_sets = RejudgeSet.objects.filter(contest=contest, state=RejudgeState.JUDGING)
    return SnapshotEvent(
        type="snapshot",
        submissions=[subviews.view(s, "jury") for s in recent],
        counts=counts(subviews.counts(contest.pk)),
        # A page following a set's progress must catch up with events it missed too.
        rejudges=[rejudge_event(rs) for rs in judging_sets],
        clarifications=clarifications.jury_snapshot(contest),
        unanswered=clar_selectors.unanswered_count(contest.pk),
        contest=contest_times.view(contest),
    )


def board(contest: Contest, audience: str) -> SnapshotEvent:
    from scoreboard import services

    view = services.board(contest, "jury" if audience == "jury" else "public")
    return SnapshotEvent(type="snapshot", board=view, contest=contest_times.view(contest))


def scores(contest: Contest, audience: str) -> SnapshotEvent:
    from scoreboard import score_board

    view = score_board.board(contest, "jury" if audience == "jury" else "public")
    return SnapshotEvent(type="snapshot", board=view, contest=contest_times.view(contest))


def balloons_list(contest: Contest) -> SnapshotEvent:
    return balloons.snapshot(contest)


def prints_list(contest: Contest) -> SnapshotEvent:
    return printouts.snapshot(contest)
