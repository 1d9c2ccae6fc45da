"""Surviving a database or Redis restart in long-lived processes.

Django closes a broken database connection only at the edges of a request. A process that is
not serving requests (the reaper in `serve`, `reap --every`, an RQ job) keeps using the dead
connection after PostgreSQL restarts, and every query fails with "the connection is closed"
for good. These helpers close broken connections and retry with a capped exponential backoff.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from django.db import (
    DatabaseError,
    InterfaceError,
    OperationalError,
    connections,
)
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)
T = TypeVar("T")

# What a restart of PostgreSQL or Redis raises: worth a retry on a fresh connection.
TRANSIENT_DB = (OperationalError, InterfaceError)
TRANSIENT = (*TRANSIENT_DB, RedisConnectionError, RedisTimeoutError)


def is_transient(error: BaseException) -> bool:
    """A lost connection, not a bug: psycopg's errors reach us as Django's OperationalError /
    InterfaceError; some paths (inside atomic) surface them as a plain DatabaseError whose
    cause is one of them."""
    if isinstance(error, TRANSIENT):
        return True
    cause = error.__cause__
    return isinstance(error, DatabaseError) and cause is not None and is_transient(cause)


def recover(error: BaseException) -> None:
    """After a transient error: a lost database means new connections; a lost Redis needs
    nothing (redis-py reconnects by itself on the next command)."""
    if isinstance(error, DatabaseError):
        drop_connections()


def drop_connections() -> None:
    """Close every database connection of this thread, broken or not: the next query opens a
    fresh one. Safe on a dead connection (close() swallows its own errors)."""
    for conn in connections.all(initialized_only=True):
        try:
            conn.close()
        except DatabaseError:  # the socket is gone already; the wrapper is reset all the same
            conn.connection = None


def fresh_connections() -> None:
    """Close the connections that are broken or past CONN_MAX_AGE, as Django does around each
    request: call it before each round of a loop. A connection inside a transaction is left
    alone (closing it would end the caller's transaction, e.g. a test's)."""
    for conn in connections.all(initialized_only=True):
        if conn.in_atomic_block:
            continue
        try:
            conn.close_if_unusable_or_obsolete()
        except DatabaseError:
            conn.connection = None


@dataclass
class Backoff:
    """Delays of a retry loop: first, 2 x first, 4 x first ... capped at `cap`."""

    first_s: float = 1.0
    cap_s: float = 30.0
    failures: int = 0

    def next_delay(self) -> float:
        delay = float(min(self.cap_s, self.first_s * 2**self.failures))
        self.failures += 1
        return delay

    def reset(self) -> None:
        self.failures = 0


def retrying(
    what: str,
    action: Callable[[], T],
    *,
    budget_s: float = 60.0,
    backoff: Backoff | None = None,
    sleep: Callable[[float], None] = time.sleep,
) -> T:
    """Run `action`; on a transient database or Redis error, drop the connections and run it
    again after a backoff, for up to `budget_s` seconds; then raise the last error."""
    backoff = backoff or Backoff(first_s=0.5, cap_s=10.0)
    deadline = time.monotonic() + budget_s
    while True:
        try:
            return action()
        except Exception as error:
            if not is_transient(error):
                raise
            recover(error)
            delay = backoff.next_delay()
            if time.monotonic() + delay > deadline:
                raise
            logger.warning("%s failed (%s); retrying in %.1f s", what, describe(error), delay)
            sleep(delay)


def describe(error: BaseException) -> str:
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0] if text else ''}"
