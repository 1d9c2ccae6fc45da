"""Live streams with two contests running, each open to its linked teams only: a team's
stream and its board are its own contest's, another contest's stream refuses it, and events
of the other contest never reach it."""

from __future__ import annotations

from typing import Any, TypedDict

import pytest
from channels.db import database_sync_to_async

from accounts.models import User
from contest.models import Contest, Problem
from contest.selectors import SESSION_KEY
from live import publish
from live.contest import contest_streams
from live.streams import team_stream
from tests.live.threads import run_async
from tests.live.wsclient import communicator, cookie_for
from tests.support import contests, factories
from tests.support.scoreboard import problem, submit

pytestmark = pytest.mark.usefixtures("memory_layer")


class Two(TypedDict):
    north: Contest
    south: Contest
    north_a: Problem
    south_a: Problem
    nord: User  # in North only
    sud: User  # in South only
    both: User  # in both


@pytest.fixture
def two(transactional_db: None) -> Two:
    """Committed data (the consumers read it on their own connections). South started first:
    without contest-team links it was every team's contest."""
    nord, sud, both = factories.team("Nord"), factories.team("Sud"), factories.team("Both")
    north = contests.restricted("north", nord, both, started_hours_ago=1)
    south = contests.restricted("south", sud, both, started_hours_ago=3)
    return {
        "north": north,
        "south": south,
        "north_a": problem(north, "A"),
        "south_a": problem(south, "A"),
        "nord": factories.user("nord1", role="team", team=nord),
        "sud": factories.user("sud1", role="team", team=sud),
        "both": factories.user("both1", role="team", team=both),
    }


async def _first(path: str, cookie: str) -> dict[str, Any] | None:
    """The first message of the stream at `path`, None when the handshake is refused."""
    ws = communicator(path, cookie)
    connected, _ = await ws.connect(timeout=10)
    if not connected:
        return None
    # A generous timeout: the snapshot is built on a machine shared with other tests.
    first: dict[str, Any] = await ws.receive_json_from(timeout=10)
    await ws.disconnect()
    return first


def test_a_team_follows_its_own_contest_by_default_and_is_refused_another(two: Two) -> None:
    nord, sud = cookie_for(two["nord"]), cookie_for(two["sud"])
    for cookie, own in ((nord, two["north"]), (sud, two["south"])):
        for kind in ("team", "scoreboard"):
            snapshot = run_async(_first, f"/ws/{kind}/", cookie)
            assert snapshot is not None and snapshot["contest"]["id"] == own.pk, kind
    assert run_async(_first, f"/ws/team/?contest={two['south'].pk}", nord) is None
    assert run_async(_first, f"/ws/team/?contest={two['north'].pk}", sud) is None


def test_each_board_stream_carries_its_contests_teams_only(two: Two) -> None:
    submit(two["north"], two["nord"].team, two["north_a"], 5, "final", "Accepted")  # type: ignore[arg-type]
    submit(two["south"], two["sud"].team, two["south_a"], 5, "final", "Accepted")  # type: ignore[arg-type]
    for user, own in ((two["nord"], "north"), (two["sud"], "south")):
        snapshot = run_async(_first, "/ws/scoreboard/", cookie_for(user))
        assert snapshot is not None
        names = {row["name"] for row in snapshot["board"]["rows"]}
        assert names == {"north": {"Nord", "Both"}, "south": {"Sud", "Both"}}[own]


def test_a_team_in_both_follows_the_contest_it_chose(two: Two) -> None:
    from django.test import Client

    client = Client()
    client.force_login(two["both"])
    assert run_async(_first, "/ws/team/", _cookie(client))["contest"]["id"] == two["south"].pk  # type: ignore[index]
    client.post("/contest/choose/", {"contest": two["north"].pk, "next": "/"})
    assert client.session[SESSION_KEY] == two["north"].pk
    assert run_async(_first, "/ws/team/", _cookie(client))["contest"]["id"] == two["north"].pk  # type: ignore[index]


def _cookie(client: Any) -> str:
    return f"sessionid={client.cookies['sessionid'].value}"


def test_another_contests_events_never_reach_a_team(two: Two) -> None:
    both_team = two["both"].team
    theirs = submit(two["south"], both_team, two["south_a"], 5)  # type: ignore[arg-type]
    mine = submit(two["north"], two["nord"].team, two["north_a"], 6)  # type: ignore[arg-type]
    nord = cookie_for(two["nord"])

    async def scenario() -> list[dict[str, Any]]:
        ws = communicator(f"/ws/team/?contest={two['north'].pk}", nord)
        assert (await ws.connect(timeout=10))[0]
        await ws.receive_json_from(timeout=10)  # the snapshot
        await database_sync_to_async(publish.publish_submission)(theirs.pk, "created")
        await database_sync_to_async(publish.publish_submission)(mine.pk, "created")
        received = []
        while not await ws.receive_nothing(timeout=0.3):
            received.append(await ws.receive_json_from())
        await ws.disconnect()
        return received

    assert [e["submission"]["id"] for e in run_async(scenario)] == [mine.pk]


def test_a_contests_time_change_reaches_its_own_teams_streams_only(two: Two) -> None:
    north = set(contest_streams(two["north"]))
    nord, sud, both = (two[w].team_id for w in ("nord", "sud", "both"))  # type: ignore[literal-required]
    assert {team_stream(two["north"].pk, t) for t in (nord, both)} <= north
    assert team_stream(two["north"].pk, sud) not in north  # type: ignore[arg-type]
