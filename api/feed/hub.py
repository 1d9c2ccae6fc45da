"""One Redis subscription per process (per event loop) for every feed reader in it: a recording
pass publishes one message, the hub wakes the readers of that contest, and each reads the new
rows in one query. No reader polls the database per event or holds a connection of its own."""

from __future__ import annotations

import asyncio
import logging

import redis.asyncio as aioredis
from django.conf import settings

from api.feed import notify, tail

log = logging.getLogger(__name__)


class Hub:
    def __init__(self) -> None:
        self._waiting: dict[int, asyncio.Event] = {}
        self._task: asyncio.Task[None] | None = None

    def ticket(self, contest_id: int) -> asyncio.Event:
        """Take before reading the rows: a pass that commits after the read sets it."""
        self._start()
        return self._waiting.setdefault(contest_id, asyncio.Event())

    def _start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._listen())

    def _wake(self, contest_id: int | None) -> None:
        tail.mark_stale(contest_id)  # before the readers wake: their next read queries
        if contest_id is None:  # unreadable: wake everyone, they only re-read
            woken = list(self._waiting.values())
            self._waiting.clear()
        else:
            found = self._waiting.pop(contest_id, None)
            woken = [found] if found else []
        for event in woken:
            event.set()

    async def _listen(self) -> None:
        while True:
            try:
                client = aioredis.Redis.from_url(settings.REDIS_URL)
                async with client.pubsub() as pubsub:
                    await pubsub.psubscribe(notify.pattern())
                    self._wake(None)  # anything published while we were not listening
                    async for message in pubsub.listen():
                        if message.get("type") == "pmessage":
                            channel = message["channel"]
                            name = channel.decode() if isinstance(channel, bytes) else channel
                            self._wake(notify.contest_of(name))
            except asyncio.CancelledError:
                raise
            except Exception as error:  # Redis restarting: readers fall back to their timeout
                log.warning("feed hub: %s; listening again in 1 s", error)
                await asyncio.sleep(1)


_hubs: dict[asyncio.AbstractEventLoop, Hub] = {}


def hub() -> Hub:
    loop = asyncio.get_running_loop()
    found = _hubs.get(loop)
    if found is None:
        for old in [other for other in _hubs if other.is_closed()]:
            del _hubs[old]
        found = _hubs[loop] = Hub()
    return found
