"""The contest's times, live: a change of the start, the end or the freeze reaches every stream
of the contest after the commit, with the declared shape; the snapshots carry the times; a
moved freeze rebuilds the boards."""

from __future__ import annotations

from datetime import timedelta
from typing import Any, get_type_hints

import pytest
from django.db import transaction
from django.utils import timezone

from judge.services import contest_admin
from live import events, snapshots, streams
from tests.live.conftest import Scene
from tests.live.test_events import Listener

pytestmark = pytest.mark.usefixtures("memory_layer")


def _contest_events(received: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in received if e["type"] == "contest"]


def test_a_new_end_reaches_every_stream_of_the_contest_after_the_commit(scene: Scene) -> None:
    contest = scene["contest"]
    names = [
        streams.jury_stream(contest.pk),
        streams.board_stream(contest.pk, "public"),
        streams.board_stream(contest.pk, "jury"),
        streams.team_stream(contest.pk, scene["alpha"].pk),
        streams.team_stream(contest.pk, scene["beta"].pk),
    ]
    listeners = [Listener(name) for name in names]
    later = contest.end + timedelta(minutes=30)
    with transaction.atomic():
        contest_admin.update_contest(contest=contest, admin=scene["judge"], changes={"end": later})
        assert all(_contest_events(listener.take()) == [] for listener in listeners)
    for name, listener in zip(names, listeners, strict=True):
        (event,) = _contest_events(listener.take())
        assert set(event) == set(get_type_hints(events.ContestEvent)), name
        assert set(event["contest"]) == set(get_type_hints(events.ContestView))
        assert event["contest"]["phase"] == "running" and event["stream"] == name
        assert event["contest"]["end"] == timezone.localtime(later).isoformat()


def test_times_out_of_order_are_refused_and_nothing_is_announced(scene: Scene) -> None:
    from judge.errors import ServiceError

    contest = scene["contest"]
    jury = Listener(streams.jury_stream(contest.pk))
    before = contest.end
    for changes in (
        {"end": contest.start - timedelta(minutes=1)},
        {"freeze_start": contest.end + timedelta(minutes=1)},
        {"freeze_start": contest.start - timedelta(minutes=1)},
    ):
        with pytest.raises(ServiceError):
            contest_admin.update_contest(contest=contest, admin=scene["judge"], changes=changes)
    contest.refresh_from_db()
    assert contest.end == before and contest.freeze_start is None
    assert _contest_events(jury.take()) == []


def test_a_freeze_set_now_freezes_the_public_board_live(scene: Scene) -> None:
    contest = scene["contest"]
    public = Listener(streams.board_stream(contest.pk, "public"))
    now = timezone.now()
    contest_admin.update_contest(
        contest=contest, admin=scene["judge"], changes={"freeze_start": now}
    )
    received = public.take()
    (times,) = _contest_events(received)
    assert times["contest"]["phase"] == "frozen"
    boards = [e for e in received if e["type"] == "scoreboard"]
    assert boards and boards[0]["frozen"] is True  # rebuilt: the freeze is in the cells' key


def test_every_snapshot_carries_the_contest_times(scene: Scene) -> None:
    contest = scene["contest"]
    for snapshot in (
        snapshots.team(contest, scene["alpha"].pk),
        snapshots.jury(contest),
        snapshots.board(contest, "public"),
    ):
        assert snapshot["contest"]["id"] == contest.pk
        assert snapshot["contest"]["start"] and snapshot["contest"]["phase"] == "running"
