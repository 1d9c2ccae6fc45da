"""The event feed (api/feed/): what each audience reads, tokens, types, errors."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.test import Client

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
