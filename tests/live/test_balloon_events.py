"""Balloon events: the declared shapes, on the balloons stream only, after the commit; a verdict
reaching the publisher earns or removes a balloon; delivery is announced; first to solve and the
team's earlier balloons are recomputed for every balloon of the team and the problem; a freeze
set later takes back the balloons it covers; who may follow /ws/balloons/, and its snapshot."""

from __future__ import annotations

from datetime import timedelta
from typing import Any, get_type_hints

import pytest
from django.db import transaction

from judge.services import contest_admin
from live import events, publish, snapshots, streams
from live.events import BalloonTaken, BalloonView
from scoreboard import balloons
from scoreboard.models import Balloon
from tests.live.conftest import Scene
from tests.live.test_consumers import _connects, _path
from tests.live.test_events import Listener
from tests.live.threads import run_async
from tests.live.wsclient import communicator, cookie_for
from tests.support.scoreboard import problem, set_verdict, submit

pytestmark = pytest.mark.usefixtures("memory_layer")

AC, WA = "Accepted", "Wrong Answer"


def _keys(shape: object) -> set[str]:
    return set(get_type_hints(shape))


def _balloon_events(received: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in received if e["type"] == "balloon"]


def test_an_accepted_verdict_earns_a_balloon_announced_on_its_stream(scene: Scene) -> None:
    c, alpha, a = scene["contest"], scene["alpha"], scene["problem"]
    alpha.location = "Room 2, desk 14"
    alpha.save()
    a.balloon_colour, a.balloon_hex = "Red", "#d32f2f"
    a.save()
    listener = Listener(streams.balloons_stream(c.pk))
    jury = Listener(streams.jury_stream(c.pk))
    sub = submit(c, alpha, a, 12, "final", AC)
    publish.publish_submission(sub.pk, "judged")
    (event,) = listener.take()
    assert set(event) == _keys(events.BalloonEvent)
    assert event["team"] == alpha.pk and event["problem"] == a.pk
    (view,) = event["balloons"]
    assert set(view) == _keys(BalloonView)
    assert view["location"] == "Room 2, desk 14" and view["team_name"] == "Alpha"
    assert (view["colour"], view["colour_hex"], view["problem_letter"]) == ("Red", "#d32f2f", "A")
    assert view["first"] is True and view["taken"] == [] and view["delivered"] is False
    assert view["contest_time"] == "0:12" and view["submission"] == sub.pk
    assert _balloon_events(jury.take()) == []  # the balloons stream only


def test_a_verdict_taken_away_announces_the_balloon_gone(scene: Scene) -> None:
    c, alpha, a = scene["contest"], scene["alpha"], scene["problem"]
    sub = submit(c, alpha, a, 12, "final", AC)
    balloons.refresh(c, alpha.pk, a.pk)
    listener = Listener(streams.balloons_stream(c.pk))
    set_verdict(sub, "final", WA)
    publish.publish_submission(sub.pk, "changed")
    (event,) = listener.take()
    assert event["balloons"] == [] and not Balloon.objects.exists()


def test_nothing_is_announced_before_the_commit(scene: Scene) -> None:
    c, alpha, a = scene["contest"], scene["alpha"], scene["problem"]
    submit(c, alpha, a, 12, "final", AC)
    balloons.refresh(c, alpha.pk, a.pk)
    balloon = Balloon.objects.get()
    listener = Listener(streams.balloons_stream(c.pk))
    with transaction.atomic():
        balloons.deliver(balloon_id=balloon.pk, user=scene["runner"])
        assert listener.take() == []
    (event,) = listener.take()
    (view,) = event["balloons"]
    assert view["delivered"] is True and view["delivered_by"] == "runner"
    assert view["delivered_at"] != ""


def test_first_to_solve_and_earlier_balloons_follow_every_change(scene: Scene) -> None:
    c, alpha, beta, a = scene["contest"], scene["alpha"], scene["beta"], scene["problem"]
    b = problem(c, "B")
    b.balloon_colour = "Blue"
    b.save()
    submit(c, alpha, b, 5, "final", AC)
    late = submit(c, alpha, a, 30, "final", AC)
    submit(c, beta, a, 20, "final", AC)
    balloons.refresh_contest(c)
    by_team = {(v["team_name"], v["problem_letter"]): v for v in balloons_views(scene)}
    assert by_team[("Beta", "A")]["first"] and not by_team[("Alpha", "A")]["first"]
    assert by_team[("Alpha", "A")]["taken"] == [
        BalloonTaken(problem_letter="B", colour="Blue", colour_hex=b.balloon_css)
    ]
    listener = Listener(streams.balloons_stream(c.pk))
    earlier = submit(c, alpha, a, 10, "pending", AC)  # Alpha now solved A first
    publish.publish_submission(earlier.pk, "judged")
    (event,) = listener.take()
    shown = {(v["team_name"], v["problem_letter"]): v["first"] for v in event["balloons"]}
    assert shown == {("Alpha", "A"): True, ("Alpha", "B"): True, ("Beta", "A"): False}
    assert [v["problem_letter"] for v in balloons_views(scene)] == ["B", "A", "A"]
    assert Balloon.objects.get(team=alpha, problem=a).submission_id == earlier.pk != late.pk


def balloons_views(scene: Scene) -> list[BalloonView]:
    snapshot = snapshots.balloons_list(scene["contest"])
    return snapshot.get("balloons", [])


@pytest.mark.parametrize(
    ("who", "allowed"),
    [(None, False), ("alpha_user", False), ("runner", True), ("judge", True)],
)
def test_the_balloons_stream_is_for_runners_and_the_jury(
    scene: Scene, who: str | None, allowed: bool
) -> None:
    cookie = cookie_for(scene[who] if who else None)  # type: ignore[literal-required]
    assert run_async(_connects, _path("balloons", scene["contest"]), cookie) is allowed


def test_a_runner_connecting_gets_the_whole_list(scene: Scene) -> None:
    c, alpha, a = scene["contest"], scene["alpha"], scene["problem"]
    submit(c, alpha, a, 12, "final", AC)
    balloons.refresh(c, alpha.pk, a.pk)
    cookie = cookie_for(scene["runner"])

    async def first_message() -> dict[str, Any]:
        ws = communicator(_path("balloons", c), cookie)
        connected, _ = await ws.connect()
        assert connected
        message: dict[str, Any] = await ws.receive_json_from(timeout=5)
        await ws.disconnect()
        return message

    snapshot = run_async(first_message)
    assert snapshot["type"] == "snapshot" and snapshot["stream"] == f"balloons.{c.pk}"
    assert [v["team_name"] for v in snapshot["balloons"]] == ["Alpha"]


def test_a_freeze_set_later_takes_back_the_undelivered_balloons_it_covers(scene: Scene) -> None:
    c, alpha, beta, a = scene["contest"], scene["alpha"], scene["beta"], scene["problem"]
    submit(c, alpha, a, 40, "final", AC)
    submit(c, beta, a, 20, "final", AC)
    balloons.refresh_contest(c)
    listener = Listener(streams.balloons_stream(c.pk))
    admin = scene["judge"]
    admin.role = "admin"
    admin.save()
    contest_admin.update_contest(
        contest=c, admin=admin, changes={"freeze_start": c.start + timedelta(minutes=30)}
    )
    got = _balloon_events(listener.take())
    assert got and got[-1]["team"] == alpha.pk and got[-1]["problem"] == a.pk
    assert [v["team_name"] for v in got[-1]["balloons"]] == ["Beta"]
    assert list(Balloon.objects.values_list("team__name", flat=True)) == ["Beta"]
