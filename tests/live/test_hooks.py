"""The one-line hooks in the other services, and judging's own notification, publish what
they should: submit -> created; the automatic verdict -> judged; a judge's validate / change /
make current -> final / changed / current; rejudge sets -> rejudge progress."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction

from judge.models import Judgement
from judge.services import jury, rejudge
from judging.classification import Classification
from live import streams
from tests.live.conftest import Scene
from tests.live.test_events import Listener
from tests.support import factories
from tests.support.builders import first_judgement, judged, send, store

pytestmark = pytest.mark.usefixtures("memory_layer", "redis_conn")


class Cast(Scene):
    """The scene with the languages, problem S, and a listener on the jury's streams."""

    listener: Listener


@pytest.fixture
def cast(scene: Scene) -> Cast:
    factories.seed_languages()
    c = scene["contest"]
    return {
        **scene,
        "problem": factories.sum_problem(c, letter="S"),
        "listener": Listener(streams.jury_stream(c.pk), streams.board_stream(c.pk, "jury")),
    }


def _kinds(events: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [(e["kind"], e["submission"]["state"]) for e in events if e["type"] == "submission"]


def test_a_submission_publishes_created_then_its_automatic_verdict_judged(cast: Cast) -> None:
    sub = send(cast["alpha_user"], cast["problem"])
    assert _kinds(cast["listener"].take()) == [("created", "queued")]
    with (
        transaction.atomic()
    ):  # as judge.jobs.judging._finish stores and publishes: one transaction
        store(first_judgement(sub), Classification.WRONG_ANSWER)
    events = cast["listener"].take()
    assert _kinds(events) == [("judged", "pending")]
    judged_event = next(e for e in events if e["type"] == "submission")
    assert judged_event["submission"]["classification"] == "Wrong Answer"
    assert [e["rows"][0]["cells"][0]["tries"] for e in events if e["type"] == "scoreboard"] == [
        "1 try"
    ]


def test_a_judges_validate_change_and_make_current_publish_final_changed_and_current(
    cast: Cast,
) -> None:
    sub = judged(cast["alpha_user"], cast["problem"], Classification.WRONG_ANSWER)
    cast["listener"].take()
    jury.validate(submission=sub, judge=cast["judge"])
    assert _kinds(cast["listener"].take()) == [("final", "final")]
    jury.change(submission=sub, judge=cast["judge"], classification="Accepted", comment="why")
    events = cast["listener"].take()
    assert _kinds(events) == [("changed", "final")]
    board = [e for e in events if e["type"] == "scoreboard"]
    assert board and board[0]["rows"][0]["solved"] == 1
    jury.make_current(
        submission=sub, judgement=first_judgement(sub), judge=cast["judge"], final=False
    )
    assert _kinds(cast["listener"].take()) == [("current", "pending")]


def test_a_rejudge_set_publishes_its_progress_and_its_apply(cast: Cast) -> None:
    sub = judged(cast["alpha_user"], cast["problem"], Classification.WRONG_ANSWER)
    cast["listener"].take()
    selection = rejudge.Selection(submission_ids=(sub.pk,))
    rset = rejudge.create(contest=cast["contest"], judge=cast["judge"], selection=selection)
    created = [e for e in cast["listener"].take() if e["type"] == "rejudge"]
    assert [(e["rejudge"], e["done"], e["total"]) for e in created] == [(rset.pk, 0, 1)]
    new = Judgement.objects.get(submission=sub, reason=Judgement.Reason.REJUDGE)
    with transaction.atomic():
        store(new, Classification.ACCEPTED)
    events = cast["listener"].take()
    progress = [e for e in events if e["type"] == "rejudge"]
    assert [(e["done"], e["total"], e["finished"]) for e in progress] == [(1, 1, True)]
    assert _kinds(events) == [("progress", "pending")]  # the jury sees the new report
    rejudge.apply(rejudge=rset, judge=cast["judge"])
    events = cast["listener"].take()
    assert _kinds(events) == [("changed", "pending")]
    assert events[0]["submission"]["classification"] == "Accepted"


def test_a_reevaluation_reaches_the_jury_only(cast: Cast) -> None:
    """Until a judge chooses, the team and the board keep the verdict in force, live too."""
    c = cast["contest"]
    sub = judged(cast["alpha_user"], cast["problem"], Classification.WRONG_ANSWER)
    outside = Listener(streams.team_stream(c.pk, sub.team_id), streams.board_stream(c.pk, "public"))
    cast["listener"].take()
    again = jury.reevaluate(submission=sub, judge=cast["judge"])
    with transaction.atomic():
        store(again, Classification.ACCEPTED)
    assert _kinds(cast["listener"].take()) == [("progress", "pending")]
    assert outside.take() == []


def test_the_jury_snapshot_carries_the_progress_of_open_rejudge_sets(cast: Cast) -> None:
    """A rejudge page that reconnects after missing progress events catches up from it."""
    from live import snapshots

    c = cast["contest"]
    sub = judged(cast["alpha_user"], cast["problem"], Classification.WRONG_ANSWER)
    selection = rejudge.Selection(submission_ids=(sub.pk,))
    rset = rejudge.create(contest=c, judge=cast["judge"], selection=selection)
    store(
        Judgement.objects.get(submission=sub, reason=Judgement.Reason.REJUDGE),
        Classification.ACCEPTED,
    )
    progress = snapshots.jury(c)["rejudges"]
    assert [(e["rejudge"], e["done"], e["total"], e["finished"]) for e in progress] == [
        (rset.pk, 1, 1, True)
    ]
    rejudge.apply(rejudge=rset, judge=cast["judge"])
    assert snapshots.jury(c)["rejudges"] == []  # applied: nothing left to follow
