"""Streams: named channel-layer groups, each with a version counter kept in Redis.

Every event published to a stream takes the next version of that stream (INCR), so a client that
remembers the last version it saw can tell, after a dropped socket or a lost message, that it
missed something, and ask for a snapshot. The counters live in the same Redis as the channel
layer (REDIS_URL, or the embedded one), shared by the web server and every worker.
"""

from __future__ import annotations

import asyncio
import functools
import threading
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import redis
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings

EVENT_HANDLER = "live.event"  # consumers' live_event method


def team_stream(contest_id: int, team_id: int) -> str:
    return f"team.{contest_id}.{team_id}"


def jury_stream(contest_id: int) -> str:
    return f"jury.{contest_id}"


def board_stream(contest_id: int, audience: str) -> str:
    return f"board.{contest_id}.{audience}"


def score_stream(contest_id: int, audience: str) -> str:
    """The score board (IOI style) of a contest that shows one."""
    return f"scores.{contest_id}.{audience}"


def balloons_stream(contest_id: int) -> str:
    """The balloon list of a contest: runners, judges, admins."""
    return f"balloons.{contest_id}"


def prints_stream(contest_id: int) -> str:
    """The printout queue of a contest: runners, judges, admins."""
    return f"prints.{contest_id}"


@functools.cache
def _client(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, socket_timeout=5)


def redis_client() -> redis.Redis:
    return _client(settings.REDIS_URL)


def _key(name: str) -> str:
    layer: dict[str, Any] = settings.CHANNEL_LAYERS["default"]
    prefix = layer.get("CONFIG", {}).get("prefix", "juiz")
    return f"{prefix}:live:{name}"


def version(stream: str) -> int:
    raw = redis_client().get(_key(f"v:{stream}"))
    return int(raw) if raw else 0


def next_versions(streams: Sequence[str]) -> list[int]:
    """Take the next version of each stream (a stream named twice takes two), one round trip."""
    pipe = redis_client().pipeline(transaction=False)
    for stream in streams:
        pipe.incr(_key(f"v:{stream}"))
    return [int(v) for v in pipe.execute()]


def counter(name: str) -> int:
    raw = redis_client().get(_key(name))
    return int(raw) if raw else 0


def bump(name: str) -> int:
    return int(redis_client().incr(_key(name)))


def publish(events: Iterable[tuple[str, Mapping[str, object]]]) -> list[dict[str, Any]]:
    """Stamp each (stream, event) with its stream and version and send them, in order, to the
    streams' groups. Returns the stamped events."""
    pairs = list(events)
    if not pairs:
        return []
    versions = next_versions([stream for stream, _ in pairs])
    stamped = [
        {**event, "stream": stream, "version": v}
        for (stream, event), v in zip(pairs, versions, strict=True)
    ]
    _run(stamped)
    return stamped


def _run(stamped: list[dict[str, Any]]) -> None:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        async_to_sync(_send)(stamped)
        return
    # Sync code called from inside a running loop (e.g. driven by Playwright's sync API) may
    # not block that loop with async_to_sync: send from a thread with a loop of its own.
    failure: list[BaseException] = []

    def send() -> None:
        try:
            asyncio.run(_send(stamped))
        except BaseException as exc:  # re-raised in the caller's thread
            failure.append(exc)

    thread = threading.Thread(target=send, name="live-publish")
    thread.start()
    thread.join()
    if failure:
        raise failure[0]


async def _send(stamped: list[dict[str, Any]]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    for event in stamped:
        await layer.group_send(event["stream"], {"type": EVENT_HANDLER, "event": event})
