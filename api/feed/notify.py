"""Telling the feed's readers that rows were appended: one Redis message per recording pass
(never per reader), on a channel per contest. Readers then read the new rows in one query."""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from redis.exceptions import RedisError

from live import streams

log = logging.getLogger(__name__)


def _prefix() -> str:
    layer: dict[str, Any] = settings.CHANNEL_LAYERS["default"]
    return str(layer.get("CONFIG", {}).get("prefix", "juiz"))


def channel(contest_id: int) -> str:
    return f"{_prefix()}:feed:{contest_id}"


def pattern() -> str:
    return f"{_prefix()}:feed:*"


def contest_of(channel_name: str) -> int | None:
    tail = channel_name.rpartition(":")[2]
    return int(tail) if tail.isascii() and tail.isdigit() else None


def announce(contest_id: int) -> None:
    try:
        streams.redis_client().publish(channel(contest_id), "1")
    except RedisError as error:  # readers also look every few seconds (api/feed/stream.py)
        log.warning("feed: readers not told of new events (%s)", error)
