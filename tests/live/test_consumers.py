"""Consumers through the real ASGI stack on the in-memory layer: who may connect, who receives
what, and resynchronisation from a version."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from contest.models import Contest
from live import publish, streams
from tests.live.conftest import Scene
from tests.live.threads import run_async
from tests.live.wsclient import communicator, cookie_for
from tests.support.scoreboard import set_verdict, submit

pytestmark = pytest.mark.usefixtures("memory_layer")


def _path(kind: str, contest: Contest, **query: object) -> str:
    extra = "".join(f"&{k}={v}" for k, v in query.items())
    return f"/ws/{kind}/?contest={contest.pk}{extra}"


async def _connects(path: str, cookie: str, origin: str = "http://testserver") -> bool:
    ws = communicator(path, cookie, origin)
    connected, _ = await ws.connect()
    if connected:
        await ws.disconnect()
    return bool(connected)


@pytest.mark.parametrize(
    ("kind", "who", "allowed"),
    [
        ("team", None, False),
        ("jury", None, False),
        ("team", "alpha_user", True),
        ("team", "judge", False),  # no team
        ("jury", "alpha_user", False),
        ("jury", "judge", True),
        ("jury", "runner", True),
        ("scoreboard", None, True),  # public_scoreboard is on by default
    ],
)
def test_each_stream_accepts_only_the_users_it_is_for(
    scene: Scene, kind: str, who: str | None, allowed: bool
) -> None:
    cookie = cookie_for(scene[who] if who else None)
    assert run_async(_connects, _path(kind, scene["contest"]), cookie) is allowed


def test_a_private_scoreboard_refuses_anonymous(scene: Scene) -> None:
    scene["contest"].public_scoreboard = False
    scene["contest"].save()
    path = _path("scoreboard", scene["contest"])
    assert run_async(_connects, path, "") is False
    assert run_async(_connects, path, cookie_for(scene["alpha_user"])) is True


def test_another_origin_is_refused_even_with_a_session(scene: Scene) -> None:
    cookie = cookie_for(scene["judge"])
    path = _path("jury", scene["contest"])
    assert run_async(_connects, path, cookie, "http://evil.example") is False


async def _drain(ws: WebsocketCommunicator) -> list[dict[str, Any]]:
    received = []
    while not await ws.receive_nothing(timeout=0.3):
        received.append(await ws.receive_json_from())
    return received


def test_a_team_receives_its_own_submissions_only(scene: Scene) -> None:
    c = scene["contest"]
    cookies = {who: cookie_for(scene[who]) for who in ("alpha_user", "beta_user", "judge")}
    theirs = submit(c, scene["beta"], scene["problem"], 5)
    mine = submit(c, scene["alpha"], scene["problem"], 6)

    async def scenario() -> dict[str, list[dict[str, Any]]]:
        sockets = {
            "alpha_user": communicator(_path("team", c), cookies["alpha_user"]),
            "beta_user": communicator(_path("team", c), cookies["beta_user"]),
            "judge": communicator(_path("jury", c), cookies["judge"]),
        }
        for ws in sockets.values():
            assert (await ws.connect())[0]
            assert (await ws.receive_json_from())["type"] == "snapshot"  # no ?since
        await database_sync_to_async(publish.publish_submission)(theirs.pk, "created")
        await database_sync_to_async(publish.publish_submission)(mine.pk, "created")
        got = {who: await _drain(ws) for who, ws in sockets.items()}
        for ws in sockets.values():
            await ws.disconnect()
        return got

    got = run_async(scenario)
    assert [e["submission"]["id"] for e in got["alpha_user"]] == [mine.pk]
    assert [e["submission"]["id"] for e in got["beta_user"]] == [theirs.pk]
    jury_subs = [e["submission"]["id"] for e in got["judge"] if e["type"] == "submission"]
    assert jury_subs == [theirs.pk, mine.pk]
    counts = [e["counts"] for e in got["judge"] if e["type"] == "submission"]
    assert [(c["states"]["queued"], c["pending"], c["judging"]) for c in counts] == [(2, 0, 2)] * 2


def test_the_team_sees_pending_verdicts_only_if_the_contest_says_so(scene: Scene) -> None:
    c = scene["contest"]
    c.show_pending_to_teams = False
    c.save()
    cookies = (cookie_for(scene["alpha_user"]), cookie_for(scene["judge"]))
    sub = set_verdict(submit(c, scene["alpha"], scene["problem"], 5), "pending", "Wrong Answer")

    async def scenario() -> tuple[dict[str, Any], dict[str, Any]]:
        team, jury = (
            communicator(_path("team", c), cookies[0]),
            communicator(_path("jury", c), cookies[1]),
        )
        for ws in (team, jury):
            await ws.connect()
            await ws.receive_json_from()
        await database_sync_to_async(publish.publish_submission)(sub.pk, "judged")
        seen = (await team.receive_json_from(), await jury.receive_json_from())
        await team.disconnect()
        await jury.disconnect()
        return seen

    team_event, jury_event = run_async(scenario)
    assert team_event["submission"]["classification"] == ""
    assert team_event["submission"]["status"] == "Pending"
    assert jury_event["submission"]["classification"] == "Wrong Answer"


def test_the_public_never_receives_frozen_results(scene: Scene) -> None:
    c = scene["contest"]
    c.freeze_start = c.start + timedelta(minutes=10)
    c.save()
    judge_cookie = cookie_for(scene["judge"])

    async def scenario() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        public = communicator(_path("scoreboard", c), "")
        jury = communicator(_path("scoreboard", c), judge_cookie)
        for ws in (public, jury):
            await ws.connect()
            await ws.receive_json_from()
        sub = await database_sync_to_async(submit)(c, scene["alpha"], scene["problem"], 30)
        await database_sync_to_async(publish.publish_submission)(sub.pk, "created")
        await database_sync_to_async(set_verdict)(sub, "final", "Accepted")
        await database_sync_to_async(publish.publish_submission)(sub.pk, "final")
        got = (await _drain(public), await _drain(jury))
        await public.disconnect()
        await jury.disconnect()
        return got

    public_events, jury_events = run_async(scenario)
    jury_cells = [cell for e in jury_events for r in e["rows"] for cell in r["cells"]]
    assert "solved" in {cell["state"] for cell in jury_cells}
    public_cells = [cell for e in public_events for r in e["rows"] for cell in r["cells"]]
    assert public_cells, "the public sees the try"
    assert {cell["state"] for cell in public_cells} == {"pending"}
    assert all(r["solved"] == 0 for e in public_events for r in e["rows"])


def test_a_client_that_missed_events_gets_a_snapshot(scene: Scene) -> None:
    c = scene["contest"]
    cookie = cookie_for(scene["alpha_user"])
    stream = streams.team_stream(c.pk, scene["alpha"].pk)
    first = submit(c, scene["alpha"], scene["problem"], 5)
    second = submit(c, scene["alpha"], scene["problem"], 6)

    async def scenario() -> list[dict[str, Any]]:
        seen = []
        ws = communicator(_path("team", c, since=streams.version(stream)), cookie)
        await ws.connect()
        seen.append(await ws.receive_json_from())  # hello: up to date
        await database_sync_to_async(publish.publish_submission)(first.pk, "created")
        last = await ws.receive_json_from()
        seen.append(last)
        await ws.disconnect()  # the socket drops; meanwhile the second is judged
        await database_sync_to_async(publish.publish_submission)(second.pk, "created")
        ws = communicator(_path("team", c, since=last["version"]), cookie)
        await ws.connect()
        seen.append(await ws.receive_json_from())  # snapshot: a gap
        await ws.send_json_to({"type": "resync", "version": last["version"]})
        seen.append(await ws.receive_json_from())  # asked for: a snapshot again
        await ws.disconnect()
        ws = communicator(_path("team", c, since=seen[-1]["version"]), cookie)
        await ws.connect()
        seen.append(await ws.receive_json_from())  # nothing missed: hello
        await ws.disconnect()
        return seen

    hello, event, snapshot, asked, again = run_async(scenario)
    assert hello["type"] == "hello"
    assert event["type"] == "submission" and event["version"] == hello["version"] + 1
    assert snapshot["type"] == "snapshot" and snapshot["version"] == event["version"] + 1
    assert {s["id"] for s in snapshot["submissions"]} == {first.pk, second.pk}
    assert asked["type"] == "snapshot" and asked["version"] == snapshot["version"]
    assert again == {"type": "hello", "stream": stream, "version": snapshot["version"]}
