"""The one place that publishes live events, and their shapes.

Services and jobs call the hooks below inside their transactions; each hook only registers a
callback with transaction.on_commit, so nothing is announced that was rolled back, and a client
that reacts to an event by reading the database finds the change there. The callback reads the
committed rows, refreshes the scoreboard cell, and publishes to the streams (live.streams):

    team.<contest>.<team>    the team's own submissions          (/ws/team/)
    jury.<contest>           every submission (+ counts), rejudges (/ws/jury/)
    board.<contest>.jury     the live board                      (/ws/scoreboard/, jury)
    board.<contest>.public   the board with the freeze applied   (/ws/scoreboard/, others)

Every event carries its stream and that stream's version (stamped by live.streams.publish).
Publishing never fails the caller: the data is committed already, and a client that missed an
event resynchronises from the version gap.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Iterable
from typing import Any, Literal, NotRequired, TypedDict

from django.db import transaction

from live import streams
from live import submissions as subviews
from live.submissions import SubmissionView
from scoreboard.presenters import BoardView, RowView

log = logging.getLogger(__name__)

SubmissionKind = Literal[
    "created",  # queued
    "progress",  # judging test k of n
    "judged",  # the automatic verdict: pending (or final when auto-validated)
    "final",  # validated by a judge
    "changed",  # classification changed by a judge
    "reevaluating",  # sent back to the judge (defined; reevaluations show as progress today)
    "current",  # a judge made another judgement the one in force
]


class Stamped(TypedDict):
    stream: NotRequired[str]
    version: NotRequired[int]


class SubmissionEvent(Stamped):
    type: Literal["submission"]
    kind: SubmissionKind
    submission: SubmissionView
    counts: NotRequired[Counts]  # on the jury stream only


class Counts(TypedDict):
    """The jury's queue at a glance (carried by jury submission events and snapshots)."""

    pending: int  # awaiting a judge's validation
    judging: int  # queued or being judged
    states: dict[str, int]  # per submission state: queued, judging, pending, final


class RejudgeEvent(Stamped):
    type: Literal["rejudge"]
    rejudge: int
    done: int
    total: int
    finished: bool


class AnnouncementEvent(Stamped):
    """Contest announcements and clarification answers (nothing emits these yet)."""

    type: Literal["announcement"]
    kind: Literal["announcement", "clarification"]
    id: int
    title: str
    text: str


class ScoreboardEvent(Stamped):
    type: Literal["scoreboard"]
    rows: list[RowView]  # changed rows; rank is 0, the client re-ranks
    first: dict[str, list[int]]  # problem id -> its first solvers, for the problems named
    frozen: bool


class HelloEvent(Stamped):
    """Sent on (re)connection when the client's version is current: nothing was missed."""

    type: Literal["hello"]


class SnapshotEvent(Stamped):
    """Sent on (re)connection or on request when the client missed events: the whole state."""

    type: Literal["snapshot"]
    submissions: NotRequired[list[SubmissionView]]
    counts: NotRequired[Counts]
    rejudges: NotRequired[list[RejudgeEvent]]  # jury: the progress of the sets being judged
    board: NotRequired[BoardView]


Event = (
    SubmissionEvent
    | RejudgeEvent
    | AnnouncementEvent
    | ScoreboardEvent
    | HelloEvent
    | SnapshotEvent
)


# --- hooks (call inside the transaction that makes the change) ------------------------------


def submission_created(submission: Any) -> None:
    _after_commit(publish_submission, submission.pk, "created")


def judging_progress(judgement: Any) -> None:
    _after_commit(publish_progress, judgement.pk)


def judgement_done(judgement: Any) -> None:
    _after_commit(publish_submission, judgement.submission_id, "judged")


def submission_validated(submission: Any) -> None:
    _after_commit(publish_submission, submission.pk, "final")


def submission_changed(submission: Any, kind: SubmissionKind = "changed") -> None:
    _after_commit(publish_submission, submission.pk, kind)


def rejudge_progress(
    contest_id: int, rejudge_id: int, done: int, total: int, finished: bool = False
) -> None:
    event = RejudgeEvent(
        type="rejudge", rejudge=rejudge_id, done=done, total=total, finished=finished
    )
    _after_commit(_publish, [(streams.jury_stream(contest_id), event)])


def scoreboard_changed(contest: Any, teams: Iterable[int] | None, audience: str = "public") -> None:
    """After a reveal or unfreeze: these teams' rows (None: all) changed for the audience."""
    wanted = None if teams is None else sorted(teams)
    _after_commit(_board, contest.pk, audience, wanted)


# --- callbacks (after the commit) -----------------------------------------------------------


def _after_commit(func: Callable[..., None], *args: Any) -> None:
    transaction.on_commit(functools.partial(run_safely, func, *args), robust=True)


def run_safely(func: Callable[..., None], *args: Any) -> None:
    try:
        func(*args)
    except Exception:  # a live update must never break the judging that committed already
        log.exception("live: publishing %s%r failed", func.__name__, args)


def _publish(events: list[tuple[str, Any]]) -> None:
    streams.publish(events)


def submission_events(
    sub: Any, kind: SubmissionKind, judgement: Any = None
) -> list[tuple[str, Any]]:
    contest_id, team_id = sub.contest_id, sub.team_id
    jury = _submission_event(sub, kind, "jury", judgement)
    jury["counts"] = counts(subviews.counts(contest_id))
    return [
        (streams.team_stream(contest_id, team_id), _submission_event(sub, kind, "team", judgement)),
        (streams.jury_stream(contest_id), jury),
    ]


def _submission_event(
    sub: Any, kind: SubmissionKind, audience: subviews.Audience, judgement: Any
) -> SubmissionEvent:
    view = subviews.view(sub, audience, judgement)
    return SubmissionEvent(type="submission", kind=kind, submission=view)


def counts(states: dict[str, int]) -> Counts:
    judging = states.get("queued", 0) + states.get("judging", 0)
    return Counts(pending=states.get("pending", 0), judging=judging, states=states)


def publish_submission(submission_id: int, kind: SubmissionKind) -> None:
    from scoreboard import services

    sub = subviews.load(submission_id)
    if sub is None:
        return
    # The team and the jury first: the board's cell and its change take a few queries more.
    streams.publish(submission_events(sub, kind))
    update = services.refresh_cell(sub.contest, sub.team_id, sub.problem_id)
    teams = None if update.rebuilt else [sub.team_id]
    problems = None if update.rebuilt else [sub.problem_id]
    board: list[tuple[str, Any]] = []
    if update.jury:
        board.append(board_event(sub.contest, "jury", teams, problems))
    if update.public:
        board.append(board_event(sub.contest, "public", teams, problems))
    streams.publish(board)


def publish_progress(judgement_id: int) -> None:
    from judge.models import Judgement

    judgement = Judgement.objects.filter(pk=judgement_id).first()
    sub = subviews.load(judgement.submission_id) if judgement else None
    if sub is None:
        return
    jury = _submission_event(sub, "progress", "jury", judgement)
    jury["counts"] = counts(subviews.counts(sub.contest_id))
    events: list[tuple[str, Any]] = [(streams.jury_stream(sub.contest_id), jury)]
    # A rejudge of a settled submission is the jury's business: the team's verdict stands.
    if sub.state in subviews.ACTIVE_STATES:
        team = _submission_event(sub, "progress", "team", judgement)
        events.insert(0, (streams.team_stream(sub.contest_id, sub.team_id), team))
    streams.publish(events)


def publish_rejudge_of(judgement_id: int) -> None:
    """The progress of the rejudge set this judgement belongs to."""
    from judge.models import RejudgeItem

    item = RejudgeItem.objects.filter(new_judgement_id=judgement_id).select_related("rejudge")
    found = item.first()
    if found is None:
        return
    event = rejudge_event(found.rejudge)
    streams.publish([(streams.jury_stream(found.rejudge.contest_id), event)])


def rejudge_event(rejudge_set: Any) -> RejudgeEvent:
    from judge.services import rejudge

    progress = rejudge.progress(rejudge_set)
    return RejudgeEvent(
        type="rejudge",
        rejudge=rejudge_set.pk,
        done=progress.done,
        total=progress.total,
        finished=progress.finished,
    )


def board_event(
    contest: Any, audience: str, teams: list[int] | None, problems: list[int] | None
) -> tuple[str, ScoreboardEvent]:
    from scoreboard import updates

    change = updates.change(contest, "jury" if audience == "jury" else "public", teams, problems)
    event = ScoreboardEvent(
        type="scoreboard", rows=change["rows"], first=change["first"], frozen=change["frozen"]
    )
    return streams.board_stream(contest.pk, audience), event


def _board(contest_id: int, audience: str, teams: list[int] | None) -> None:
    from contest.models import Contest

    contest = Contest.objects.get(pk=contest_id)
    streams.publish([board_event(contest, audience, teams, None)])
