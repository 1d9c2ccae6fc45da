"""Running test code in a thread of its own.

A test process may already have an event loop "running" in its main thread: the browser tests'
session-wide Playwright (sync API) leaves one there, and then async_to_sync, asyncio.run and a
second Playwright all refuse to run in that thread. A fresh thread has no loop; it closes its
database connections when done, so the test database can be dropped at the end of the run.
"""

from __future__ import annotations

import threading
from collections.abc import Awaitable, Callable
from typing import TypeVar, TypeVarTuple

from asgiref.sync import async_to_sync
from django.db import connections

T = TypeVar("T")
Ts = TypeVarTuple("Ts")


def in_thread(func: Callable[[*Ts], T], *args: *Ts) -> T:
    result: list[T] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            result.append(func(*args))
        except BaseException as exc:  # re-raised in the test's thread
            failure.append(exc)
        finally:
            connections.close_all()

    thread = threading.Thread(target=run, name="test-runner")
    thread.start()
    thread.join()
    if failure:
        raise failure[0]
    return result[0]


def run_async(func: Callable[[*Ts], Awaitable[T]], *args: *Ts) -> T:
    """async_to_sync(func)(*args) from a fresh thread: database_sync_to_async calls inside run
    in that thread, which sees the committed data of a transactional test."""
    return in_thread(async_to_sync(func), *args)
