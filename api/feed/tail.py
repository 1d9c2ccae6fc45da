"""The newest rows of each contest's feed, shared by every reader in the process: after a
wake-up one query reads what was appended (every audience at once) and each reader takes its
own rows from memory. Readers behind what is kept read the database themselves."""

from __future__ import annotations

import asyncio
import bisect
import time

from asgiref.sync import sync_to_async

from api.feed import read
from api.feed.read import Reader
from api.models import FeedEvent

KEEP = 5000  # rows kept per contest
RECHECK_S = 5.0  # the database is asked at least this often while anyone reads


def _newer(contest_id: int, top: int) -> list[FeedEvent]:
    return list(
        FeedEvent.objects.filter(contest_id=contest_id, pk__gt=top)
        .only("id", "type", "object_id", "data", "audience", "team_id")
        .order_by("id")[:KEEP]
    )


def _top(contest_id: int) -> int:
    last = FeedEvent.objects.filter(contest_id=contest_id).order_by("-id").values("id").first()
    return int(last["id"]) if last else 0


class Tail:
    def __init__(self, contest_id: int) -> None:
        self.contest_id = contest_id
        self.rows: list[FeedEvent] = []
        self.ids: list[int] = []
        self.top: int | None = None  # every row up to here was read (None: not started)
        self.refreshed = asyncio.Event()
        self._lock = asyncio.Lock()
        self.stale = True
        self.refreshed_at = 0.0

    async def refresh(self) -> None:
        """At most one query at a time; readers arriving meanwhile share its result."""
        async with self._lock:
            if not self.stale:
                return
            self.stale = False
            self.refreshed_at = time.monotonic()
            if self.top is None:
                self.top = await sync_to_async(_top, thread_sensitive=False)(self.contest_id)
            new = await sync_to_async(_newer, thread_sensitive=False)(self.contest_id, self.top)
            if new:
                self.rows = (self.rows + new)[-KEEP:]
                self.ids = [row.pk for row in self.rows]
                self.top = new[-1].pk
                if len(new) == KEEP:
                    self.stale = True  # more behind

    def floor(self) -> int:
        """Rows after this id are all here."""
        return self.ids[0] - 1 if self.ids else (self.top or 0)

    def after(self, reader: Reader, last: int) -> tuple[list[FeedEvent], int]:
        """The reader's rows after `last` (at most a batch), and the id read up to."""
        seen: list[FeedEvent] = []
        upto = last
        for row in self.rows[bisect.bisect_right(self.ids, last) :]:
            if reader.sees(row):
                if len(seen) == read.BATCH:
                    break
                seen.append(row)
            upto = row.pk
        return seen, upto


_tails: dict[tuple[int, int], Tail] = {}


def tail(contest_id: int) -> Tail:
    key = (id(asyncio.get_running_loop()), contest_id)
    found = _tails.get(key)
    if found is None:
        found = _tails[key] = Tail(contest_id)
    return found


def mark_stale(contest_id: int | None) -> None:
    """The hub heard that rows were appended (None: to some contest): the next reader queries."""
    loop = id(asyncio.get_running_loop())
    for (in_loop, contest), shared in _tails.items():
        if in_loop == loop and contest_id in (None, contest):
            shared.stale = True


async def rows_after(reader: Reader, last: int) -> tuple[list[FeedEvent], int]:
    """The reader's rows after `last` and the id it has now read up to: from the shared tail
    when it holds them, else from the database."""
    shared = tail(reader.contest_id)
    if time.monotonic() - shared.refreshed_at > RECHECK_S:
        shared.stale = True  # a lost Redis message costs at most this
    await shared.refresh()
    if shared.top is not None and last >= shared.floor():
        return shared.after(reader, last)
    rows = await sync_to_async(read.after, thread_sensitive=False)(reader, last)
    return rows, rows[-1].pk if rows else last
