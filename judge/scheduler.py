"""The RQ scheduler (delayed jobs: judging retries' backoff) as a loop that outlives Redis.

RQ's own scheduler (`rqworker --with-scheduler`) is a process the worker forks: it dies on the
first Redis error, and when its worker is killed it stays behind, holding the scheduler locks,
outside anyone's control. `serve` runs this loop instead, as a supervised child of its own
(`manage.py scheduler --exit-with-parent`): a lost Redis costs a retry with backoff, and the
loop ends when `serve` does.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Sequence
from typing import Any

import django_rq
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from rq.scheduler import RQScheduler

from judge.resilience import Backoff, describe

logger = logging.getLogger(__name__)
REDIS_DOWN = (RedisConnectionError, RedisTimeoutError)


class SchedulerLoop:
    def __init__(self, queue_names: Sequence[str], interval_s: float = 1.0) -> None:
        connection = django_rq.get_connection(queue_names[0])
        # Any: RQ's scheduler has no type hints.
        self.scheduler: Any = RQScheduler(list(queue_names), connection=connection, interval=1)
        self.interval_s = interval_s
        # Capped low: retries due while Redis was away should not wait long once it is back.
        self.backoff = Backoff(first_s=1.0, cap_s=10.0)
        self.born = False

    def round(self) -> float:
        """Move the due jobs to their queues; return the seconds to wait before the next round."""
        try:
            if not self.born:
                self.scheduler.register_birth()
                self.born = True
            if self.scheduler.should_reacquire_locks:
                self.scheduler.acquire_locks()
            self.scheduler.heartbeat()  # refreshes the locks, takes them again if Redis lost them
            self.scheduler.enqueue_scheduled_jobs()
        except REDIS_DOWN as error:
            delay = self.backoff.next_delay()
            logger.warning(
                "scheduler: Redis unavailable (%s); next try in %.0f s", describe(error), delay
            )
            return delay
        if self.backoff.failures:
            logger.info("scheduler: Redis answers again")
            self.backoff.reset()
        return self.interval_s

    def stop(self) -> None:
        try:
            self.scheduler.release_locks()
            self.scheduler.register_death()
        except REDIS_DOWN:
            pass  # the locks expire by themselves


def run(
    queue_names: Sequence[str],
    *,
    stopping: Callable[[], bool],
    exit_with_parent: bool = False,
) -> None:
    parent = os.getppid()
    loop = SchedulerLoop(queue_names)
    logger.info("scheduler for %s started (pid %s)", ", ".join(queue_names), os.getpid())
    try:
        while not stopping():
            if exit_with_parent and os.getppid() != parent:
                logger.warning("scheduler: its parent (pid %s) is gone; stopping", parent)
                break
            _sleep(loop.round(), stopping)
    finally:
        loop.stop()


def _sleep(seconds: float, stopping: Callable[[], bool]) -> None:
    deadline = time.monotonic() + seconds
    while not stopping() and time.monotonic() < deadline:
        time.sleep(min(0.2, deadline - time.monotonic()))
