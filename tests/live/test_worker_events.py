"""Against a running daphne, with the real Redis channel layer and a real RQ worker: a team's
socket sees its submission go queued -> judging (test k of n) -> pending, in order; a runner's
balloons socket sees the balloon the worker's Accepted earned."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable
from typing import Any

import pytest
import websockets
from redis import Redis

from judge.services.submit import submit
from tests.support import factories
from tests.support.burst_worker import burst
from tests.support.daphne import daphne, session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.worker, pytest.mark.sandbox]

SUM = b"a, b = map(int, input().split())\nprint(a + b)\n"


class Collector(threading.Thread):
    """A WebSocket client in its own thread and event loop, keeping every message."""

    def __init__(
        self,
        url: str,
        origin: str,
        cookie: str,
        until: Callable[[dict[str, Any]], bool] | None = None,
    ) -> None:
        super().__init__(daemon=True)
        self.url, self.origin, self.cookie = url, origin, cookie
        self.until = until or _pending
        self.messages: list[dict[str, Any]] = []
        self.ready = threading.Event()
        self.done = threading.Event()

    def run(self) -> None:
        asyncio.run(self._collect())

    async def _collect(self) -> None:
        headers = {"Cookie": f"sessionid={self.cookie}"}
        async with websockets.connect(
            self.url, origin=self.origin, additional_headers=headers
        ) as ws:
            while not self.done.is_set():
                try:
                    raw = await asyncio.wait_for(ws.recv(), 0.2)
                except TimeoutError:
                    continue
                self.messages.append(json.loads(raw))
                self.ready.set()
                if self.until(self.messages[-1]):
                    self.done.set()


def _pending(message: dict[str, Any]) -> bool:
    return message.get("type") == "submission" and message["submission"]["state"] == "pending"


def test_a_judged_submission_streams_queued_progress_pending(redis_conn: Redis) -> None:
    factories.seed_languages()
    contest = factories.running_contest()
    problem = factories.sum_problem(contest)
    team = factories.team("Alpha")
    user = factories.user("alpha1", role="team", team=team)
    with daphne() as address:
        url = f"ws://{address}/ws/team/?contest={contest.pk}"
        collector = Collector(url, f"http://{address}", session_cookie(user))
        collector.start()
        assert collector.ready.wait(15), "no hello/snapshot from the server"
        submission = submit(
            user=user, contest=contest, problem=problem, filename="sum.py", source=SUM
        )
        burst("judging")
        finished = collector.done.wait(30)
        collector.done.set()
        collector.join(5)
    assert finished, collector.messages
    first, *events = collector.messages
    assert first["type"] == "snapshot"
    subs = [e for e in events if e["type"] == "submission"]
    assert all(e["submission"]["id"] == submission.pk for e in subs)
    states = [e["submission"]["state"] for e in subs]
    assert states[0] == "queued" and subs[0]["kind"] == "created"
    assert states[-1] == "pending" and subs[-1]["submission"]["classification"] == "Accepted"
    judging = [e["submission"] for e in subs[1:-1]]
    assert judging and all(s["state"] == "judging" for s in judging)
    done = [s["tests_done"] for s in judging]
    assert done == sorted(done)  # two fast tests: progress within the interval is not reported
    assert (subs[-1]["submission"]["tests_done"], subs[-1]["submission"]["tests_total"]) == (2, 2)
    versions = [e["version"] for e in events]
    assert versions == list(range(first["version"] + 1, first["version"] + 1 + len(events)))


def test_a_worker_judging_accepted_earns_a_balloon_on_the_runners_stream(
    redis_conn: Redis,
) -> None:
    factories.seed_languages()
    contest = factories.running_contest()
    problem = factories.sum_problem(contest)
    team = factories.team("Alpha", location="Room 1")
    user = factories.user("alpha1", role="team", team=team)
    runner = factories.user("runner", role="runner")
    with daphne() as address:
        url = f"ws://{address}/ws/balloons/?contest={contest.pk}"
        collector = Collector(
            url, f"http://{address}", session_cookie(runner), lambda m: m["type"] == "balloon"
        )
        collector.start()
        assert collector.ready.wait(15), "no hello/snapshot from the server"
        submit(user=user, contest=contest, problem=problem, filename="sum.py", source=SUM)
        burst("judging")
        finished = collector.done.wait(30)
        collector.done.set()
        collector.join(5)
    assert finished, collector.messages
    first, event = collector.messages[0], collector.messages[-1]
    assert first["type"] == "snapshot" and first["balloons"] == []
    (balloon,) = event["balloons"]
    assert (balloon["team_name"], balloon["location"], balloon["first"]) == (
        "Alpha",
        "Room 1",
        True,
    )
    assert event["version"] == first["version"] + 1
