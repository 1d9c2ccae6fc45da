"""live.events: the shapes of the events, and that nothing is published before the commit
(nor ever, after a rollback)."""

from __future__ import annotations

from typing import Any, get_type_hints

import pytest
from channels.layers import get_channel_layer
from django.db import transaction
from pytest_django import Settings

from live import events, publish, streams
from live.events import CellView, RowView, SubmissionView
from tests.live.conftest import Scene
from tests.live.threads import run_async
from tests.support.scoreboard import set_verdict, submit

pytestmark = pytest.mark.usefixtures("memory_layer")


def _keys(shape: object) -> set[str]:
    return set(get_type_hints(shape))


class Listener:
    """A channel subscribed to streams, read without a WebSocket."""

    def __init__(self, *streams_: str) -> None:
        self.layer = get_channel_layer()
        self.channel = run_async(self.layer.new_channel)
        for stream in streams_:
            run_async(self.layer.group_add, stream, self.channel)

    def take(self) -> list[dict[str, Any]]:
        async def drain() -> list[dict[str, Any]]:
            import asyncio

            got = []
            while True:
                try:
                    message = await asyncio.wait_for(self.layer.receive(self.channel), 0.2)
                except TimeoutError:
                    return got
                got.append(message["event"])

        return run_async(drain)


def test_a_submission_publishes_the_declared_shapes(scene: Scene) -> None:
    c, alpha = scene["contest"], scene["alpha"]
    listener = Listener(
        streams.team_stream(c.pk, alpha.pk),
        streams.jury_stream(c.pk),
        streams.board_stream(c.pk, "jury"),
        streams.board_stream(c.pk, "public"),
    )
    sub = submit(c, alpha, scene["problem"], 3)
    publish.publish_submission(sub.pk, "created")
    received = listener.take()
    by_type: dict[str, list[dict[str, Any]]] = {}
    for event in received:
        by_type.setdefault(event["type"], []).append(event)
    team, jury = by_type["submission"]  # the team's, then the jury's
    assert len(by_type["scoreboard"]) == 2  # the jury's board and the public one
    assert set(team) == _keys(events.SubmissionEvent) - {"counts"}
    assert set(jury) == _keys(events.SubmissionEvent)
    assert set(jury["counts"]) == _keys(events.Counts)
    assert jury["counts"]["states"]["queued"] == 1
    for event in (team, jury):
        assert set(event["submission"]) == _keys(SubmissionView)
        assert event["kind"] == "created" and event["submission"]["state"] == "queued"
    board = by_type["scoreboard"][0]
    assert set(board) == _keys(events.ScoreboardEvent)
    assert set(board["rows"][0]) == _keys(RowView)
    assert set(board["rows"][0]["cells"][0]) == _keys(CellView)
    # Each stream's versions follow one another.
    jury = [e["version"] for e in received if e["stream"] == streams.jury_stream(c.pk)]
    assert jury == list(range(jury[0], jury[0] + len(jury)))


def test_hooks_publish_after_the_commit_only(scene: Scene) -> None:
    c, alpha = scene["contest"], scene["alpha"]
    listener = Listener(streams.team_stream(c.pk, alpha.pk))
    with transaction.atomic():
        sub = submit(c, alpha, scene["problem"], 3)
        events.submission_created(sub.pk)
        assert listener.take() == []  # not before the commit
    assert [e["kind"] for e in listener.take()] == ["created"]

    with pytest.raises(RuntimeError), transaction.atomic():
        set_verdict(sub, "final", "Accepted")
        events.submission_validated(sub.pk)
        raise RuntimeError("rolled back")
    assert listener.take() == []  # never, after a rollback


def test_a_failing_publisher_never_breaks_the_caller(scene: Scene, settings: Settings) -> None:
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "no.such.Layer"}}
    sub = submit(scene["contest"], scene["alpha"], scene["problem"], 3)
    events.submission_created(sub.pk)  # runs at once (autocommit) and only logs the failure


def test_rejudge_and_clarification_events_have_the_declared_keys() -> None:
    assert _keys(events.RejudgeEvent) == {
        "type",
        "rejudge",
        "done",
        "total",
        "finished",
        "state",
        "stream",
        "version",
    }
    assert _keys(events.ClarificationEvent) == {
        "type",
        "kind",
        "clarification",
        "question",
        "unanswered",
        "stream",
        "version",
    }
