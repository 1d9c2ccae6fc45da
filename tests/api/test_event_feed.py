"""The event feed (api/feed/): what each audience reads, tokens, types, errors."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.db import transaction
from django.test import Client
from django.utils import timezone

from accounts.models import Team
from api.feed import read, record, stream
from api.models import FeedEvent
from judge.models import Submission
from judge.services import clarifications, contest_admin
from live import events
from scoreboard import freeze
from tests.api.conftest import World, client_for

pytestmark = pytest.mark.django_db(transaction=True)  # the feed reads in threads of its own


async def _drain(chunks: AsyncIterator[bytes]) -> bytes:
    return b"".join([chunk async for chunk in chunks])


def feed(client: Client, world: World, **params: str) -> list[dict[str, Any]]:
    response = client.get(
        f"/api/contests/{world.contest.short_name}/event-feed", {"stream": "false", **params}
    )
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "application/x-ndjson"
    body = async_to_sync(_drain)(response.streaming_content).decode()  # type: ignore[attr-defined]
    return [json.loads(line) for line in body.splitlines() if line]


def ids(events: list[dict[str, Any]], kind: str) -> set[str]:
    return {e["id"] for e in events if e["type"] == kind and e["data"] is not None}


def test_a_client_without_a_token_starts_with_every_object(world: World) -> None:
    events = feed(client_for(world.judge_user), world)
    kinds = [e["type"] for e in events]
    for kind in ("contest", "state", "judgement-types", "languages", "problems", "teams"):
        assert kind in kinds
    assert kinds.index("contest") < kinds.index("submissions") < kinds.index("judgements")
    assert ids(events, "submissions") == {
        str(s.pk) for s in (world.accepted, world.queued, world.rival)
    }
    state = next(e for e in events if e["type"] == "state")
    assert state["id"] is None
    tokens = [int(e["token"]) for e in events]
    assert tokens == sorted(tokens) and len(set(tokens)) == len(tokens)


def _get(client: Client, world: World, **params: str) -> Any:
    return client.get(f"/api/contests/{world.contest.short_name}/event-feed", params)


# "\uff11": a fullwidth one, which int() would read as 1.
@pytest.mark.parametrize("token", ["xY-99_", "999999", "-1", "\uff11"])
def test_a_token_the_client_was_never_given_is_a_400(world: World, token: str) -> None:
    for name in ("since_token", "since_id"):  # since_id: the older spec's name, check-api.sh's
        response = _get(client_for(world.judge_user), world, **{name: token})
        assert response.status_code == 400
        assert response.json()["code"] == 400


def test_a_token_resumes_after_it_and_types_filter(world: World) -> None:
    judge = client_for(world.judge_user)
    events = feed(judge, world)
    middle = events[len(events) // 2]["token"]
    assert feed(judge, world, since_token=middle) == events[len(events) // 2 + 1 :]
    only = feed(judge, world, types="submissions,judgements")
    assert {e["type"] for e in only} == {"submissions", "judgements"}
    assert _get(judge, world, types="submissions,bogus").status_code == 400


def test_a_team_reads_its_own_submissions_judgements_and_runs(world: World) -> None:
    team = feed(client_for(world.team_user), world)
    assert ids(team, "submissions") == {str(world.accepted.pk), str(world.queued.pk)}
    assert all(
        e["data"]["submission_id"] != str(world.rival.pk) for e in team if e["type"] == "judgements"
    )
    rival_judgement = str(world.rival.judgements.get().pk)
    assert all(e["data"]["judgement_id"] != rival_judgement for e in team if e["type"] == "runs")
    # Another team's token is not this team's.
    rival_events = feed(client_for(world.other_team_user), world, types="submissions")
    assert (
        _get(client_for(world.team_user), world, since_token=rival_events[-1]["token"]).status_code
        == 400
    )


def test_the_public_sees_no_submission_before_the_results_are_out(world: World) -> None:
    public = feed(Client(), world)
    assert not [
        e for e in public if e["type"] in ("submissions", "judgements", "runs", "clarifications")
    ]
    assert ids(public, "teams") and ids(public, "problems")


def test_frozen_results_reach_the_public_feed_only_at_the_unfreeze(world: World) -> None:
    now = timezone.now()
    contest_admin.update_contest(
        contest=world.contest,
        admin=world.judge_user,
        changes={"freeze_start": now - timedelta(minutes=30), "end": now - timedelta(seconds=1)},
    )
    public = feed(Client(), world)
    assert not ids(public, "submissions") and not ids(public, "judgements")
    freeze.unfreeze(world.contest, world.judge_user)
    events.scoreboard_changed(world.contest.pk, None)  # what the scoreboard view does
    public = feed(Client(), world)
    assert ids(public, "submissions") == {
        str(s.pk) for s in (world.accepted, world.queued, world.rival)
    }
    verdicts = {e["data"]["judgement_type_id"] for e in public if e["type"] == "judgements"}
    assert "AC" in verdicts


def test_strict_leaves_out_extensions(world: World) -> None:
    lines = feed(client_for(world.judge_user), world, strict="1", types="judgements")
    assert lines and all("x_mooshak" not in e["data"] for e in lines)
    assert any(
        "x_mooshak" in e["data"]
        for e in feed(client_for(world.judge_user), world, types="judgements")
    )


def test_a_stream_sends_new_events_at_once_and_keeps_alive(
    world: World, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.JUIZ_FEED_KEEPALIVE_S = 1.0
    monkeypatch.setattr(stream, "RECHECK_S", 30.0)  # so only the hub's wake-up can be fast
    reader = read.reader_for(world.judge_user, world.contest.pk, "clarifications", False)
    record.ensure_started(world.contest.pk)

    async def run() -> list[str]:
        lines = stream._lines(reader, 0, streaming=True)
        got = [await anext(lines)]  # the snapshot (an empty one: no clarification yet)
        got.append(await asyncio.wait_for(anext(lines), 3))  # the keep-alive after 1 s
        asked = asyncio.get_running_loop().run_in_executor(
            None, lambda: clarifications.ask(user=world.team_user, contest=world.contest, text="?")
        )
        got.append(await asyncio.wait_for(anext(lines), 5))
        await asked
        await lines.aclose()
        return got

    got = async_to_sync(run)()
    assert "\n" in got[:2]
    assert json.loads(got[-1].splitlines()[0])["type"] == "clarifications"


def test_the_shared_tails_rule_is_the_readers_query(world: World) -> None:
    """api/feed/tail.py filters in memory with Reader.sees; it must pick the query's rows."""
    record.ensure_started(world.contest.pk)
    rows = list(FeedEvent.objects.order_by("id"))
    assert len(rows) < read.BATCH
    for user in (world.judge_user, world.team_user, world.other_team_user, None):
        for types in (None, "submissions,teams,clarifications"):
            reader = read.reader_for(user, world.contest.pk, types, False)
            picked = [row.pk for row in rows if reader.sees(row)]
            assert picked == [row.pk for row in read.after(reader, 0)]
            assert picked


def test_a_change_no_hook_announced_appears_at_the_next_pass(world: World) -> None:
    """An admin edit (no hook), or a recorder call lost in a crash: the next pass finds it."""
    judge = client_for(world.judge_user)
    before = feed(judge, world)
    team = world.team_user.team
    assert team is not None
    Team.objects.filter(pk=team.pk).update(name="Renamed")
    assert feed(judge, world, since_token=before[-1]["token"]) == []
    record.record(world.contest.pk)
    after = feed(judge, world, since_token=before[-1]["token"])
    assert [(e["type"], e["id"], e["data"]["name"]) for e in after] == [
        ("teams", str(team.pk), "Renamed")
    ]
    assert record.record(world.contest.pk) == 0  # nothing new: no event


def test_a_submissions_change_is_compared_on_its_own_objects_only(world: World) -> None:
    """A hook names one submission: the pass reads that submission's objects, not the
    contest's (docs/api.md); another's unannounced change waits for a whole pass."""
    record.ensure_started(world.contest.pk)
    last = FeedEvent.objects.order_by("-id").values_list("id", flat=True).first()
    for sub in (world.rival, world.queued):  # its time shows in the submission's object
        moved = sub.submitted_at + timedelta(seconds=1)
        Submission.objects.filter(pk=sub.pk).update(submitted_at=moved)
    with transaction.atomic():
        events.submission_changed(world.queued.pk)
    new = FeedEvent.objects.filter(pk__gt=last, type="submissions")
    assert {row.object_id for row in new} == {str(world.queued.pk)}
    assert record.record(world.contest.pk) > 0  # the whole pass finds the rival's change
    assert new.filter(object_id=str(world.rival.pk)).exists()


def test_in_a_deferred_block_the_feed_hears_each_change_once_at_its_end(world: World) -> None:
    heard: list[tuple[str, int]] = []

    class Spy:
        def changed(self, subject: str, object_id: int) -> None:
            heard.append((subject, object_id))

    judgement = world.queued.judgements.get()
    events.connect_feed(Spy())
    try:
        with events.feed_deferred():
            for _ in range(3):  # a claim and two progress reports
                with transaction.atomic():
                    events.judgement_changed(judgement.pk)
            with transaction.atomic():
                events.submission_changed(world.queued.pk)
                transaction.set_rollback(True)  # rolled back: never heard
            assert heard == []
        assert heard == [("judgement", judgement.pk)]
    finally:
        events.connect_feed(record.FeedRecorder())
