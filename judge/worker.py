"""The RQ worker class Juiz's workers run (settings.RQ["WORKER_CLASS"])."""

from __future__ import annotations

import logging
import time
from typing import Any

from redis import Redis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from rq import Worker as RQWorker

from judge.resilience import Backoff, describe
from judging.workdirs import clean_stale

logger = logging.getLogger(__name__)


class Worker(RQWorker):
    """RQ's worker, which first removes the work folders of jobs killed earlier (SIGKILL, OOM,
    a machine crash): they hold teams' sources and would otherwise pile up in /tmp. It also
    waits for Redis before it starts: RQ's own start-up dies when Redis is away, and `serve`
    would restart it every few seconds for as long as Redis is down."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        connection = kwargs.get("connection")
        if connection is not None:
            _wait_for_redis(connection)
        super().__init__(*args, **kwargs)

    def bootstrap(self, *args: Any, **kwargs: Any) -> None:
        for folder in clean_stale():
            logger.info("removed the stale work folder %s", folder)
        super().bootstrap(*args, **kwargs)


def _wait_for_redis(connection: Redis) -> None:
    backoff = Backoff(first_s=1.0, cap_s=10.0)
    while True:
        try:
            connection.ping()
            return
        except (RedisConnectionError, RedisTimeoutError) as error:
            delay = backoff.next_delay()
            logger.warning(
                "worker: Redis unavailable (%s); next try in %.0f s", describe(error), delay
            )
            time.sleep(delay)
