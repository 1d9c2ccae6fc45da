"""Printout events: the declared shapes, on the prints stream only, after the commit (sent,
delivered); who may follow /ws/prints/, and its snapshot."""

from __future__ import annotations

from typing import Any, get_type_hints

import pytest
from django.db import transaction

from judge.services import printouts
from live import events, streams
from live.events import PrintoutView
from tests.live.conftest import Scene
from tests.live.test_consumers import _connects, _path
from tests.live.test_events import Listener
from tests.live.threads import run_async
from tests.live.wsclient import communicator, cookie_for

pytestmark = pytest.mark.usefixtures("memory_layer")


def _send(scene: Scene) -> Any:
    return printouts.submit(
        team=scene["alpha"], contest=scene["contest"], file_name="a.py", content=b"print(1)\n"
    )


def test_a_sent_printout_is_announced_on_the_prints_stream_only(scene: Scene) -> None:
    c, alpha = scene["contest"], scene["alpha"]
    alpha.location = "Room 2, desk 14"
    alpha.save()
    listener = Listener(streams.prints_stream(c.pk))
    jury = Listener(streams.jury_stream(c.pk), streams.team_stream(c.pk, alpha.pk))
    sent = _send(scene)
    (event,) = listener.take()
    assert set(event) == set(get_type_hints(events.PrintoutEvent))
    view = event["printout"]
    assert set(view) == set(get_type_hints(PrintoutView))
    assert (view["id"], view["team_name"], view["location"]) == (
        sent.pk,
        "Alpha",
        "Room 2, desk 14",
    )
    assert (view["file_name"], view["language"], view["size"]) == ("a.py", "Python", 9)
    assert view["delivered"] is False and event["stream"] == f"prints.{c.pk}"
    assert jury.take() == []


def test_a_delivery_is_announced_after_the_commit(scene: Scene) -> None:
    sent = _send(scene)
    listener = Listener(streams.prints_stream(scene["contest"].pk))
    with transaction.atomic():
        printouts.deliver(printout_id=sent.pk, user=scene["runner"])
        assert listener.take() == []
    (event,) = listener.take()
    assert event["printout"]["delivered"] is True
    assert event["printout"]["delivered_by"] == "runner"


def test_a_refused_printout_announces_nothing(scene: Scene) -> None:
    listener = Listener(streams.prints_stream(scene["contest"].pk))
    with pytest.raises(printouts.ServiceError):
        printouts.submit(
            team=scene["alpha"], contest=scene["contest"], file_name="a.py", content=b""
        )
    assert listener.take() == []


@pytest.mark.parametrize(
    ("who", "allowed"),
    [(None, False), ("alpha_user", False), ("runner", True), ("judge", True)],
)
def test_the_prints_stream_is_for_runners_and_the_jury(
    scene: Scene, who: str | None, allowed: bool
) -> None:
    cookie = cookie_for(scene[who] if who else None)  # type: ignore[literal-required]
    assert run_async(_connects, _path("prints", scene["contest"]), cookie) is allowed


def test_a_runner_connecting_gets_the_whole_queue(scene: Scene) -> None:
    c = scene["contest"]
    _send(scene)
    cookie = cookie_for(scene["runner"])

    async def first_message() -> dict[str, Any]:
        ws = communicator(_path("prints", c), cookie)
        connected, _ = await ws.connect()
        assert connected
        message: dict[str, Any] = await ws.receive_json_from(timeout=5)
        await ws.disconnect()
        return message

    snapshot = run_async(first_message)
    assert snapshot["type"] == "snapshot" and snapshot["stream"] == f"prints.{c.pk}"
    assert [v["file_name"] for v in snapshot["printouts"]] == ["a.py"]
