"""Changes no hook announces: time passing (the contest starts, the freeze begins, it ends:
problems, state, results appear) and edits in the Django admin (teams, problems, languages).
While anyone reads a contest's feed, one reader at a time (a Redis claim shared by every
process) runs a full recording pass when a boundary has been crossed since the last one, or
at least once a minute."""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime

from asgiref.sync import sync_to_async
from django.utils import timezone
from redis.exceptions import RedisError

from api.feed import notify, record
from contest.models import Contest
from live import streams

log = logging.getLogger(__name__)

CLAIM_S = 5  # how often readers look
FULL_EVERY_S = 60.0

_running: set[asyncio.Task[None]] = set()


def _boundaries(contest: Contest) -> list[datetime]:
    return [t for t in (contest.start, contest.freeze_start, contest.end) if t is not None]


def _due(contest_id: int) -> bool:
    client = streams.redis_client()
    key = f"{notify.channel(contest_id)}:tick"
    if not client.set(key, "1", nx=True, ex=CLAIM_S):
        return False  # another reader looked a moment ago
    contest = Contest.objects.filter(pk=contest_id).first()
    if contest is None:
        return False
    now = timezone.now().timestamp()
    raw = client.get(f"{notify.channel(contest_id)}:full")
    last = float(raw) if raw else 0.0
    crossed = any(last < t.timestamp() <= now for t in _boundaries(contest))
    if not (crossed or now - last >= FULL_EVERY_S):
        return False
    client.set(f"{notify.channel(contest_id)}:full", str(now))
    return True


def _full_pass(contest_id: int) -> None:
    try:
        if _due(contest_id):
            record.record(contest_id)
    except RedisError as error:
        log.warning("feed: no timed pass (%s)", error)
    except Exception:
        log.exception("feed: the timed recording pass failed")


async def maybe_record(contest_id: int) -> None:
    """In the background: the reader that calls it goes on waiting."""
    if _running:
        return  # this process runs one already
    task = asyncio.get_running_loop().create_task(
        sync_to_async(_full_pass, thread_sensitive=False)(contest_id)
    )
    _running.add(task)
    task.add_done_callback(_running.discard)
