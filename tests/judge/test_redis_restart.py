"""The reaper's and the scheduler's loops survive Redis going away and coming back (issue 12,
item 1). A redis-server of the test's own, on its own port, stopped and started again."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from pytest_django import Settings
from redis import Redis
from rq import Queue

from judge.reaper import ReaperLoop
from judge.scheduler import SchedulerLoop
from tests.support.servers import RedisServer, redis_server


@pytest.fixture
def own_redis(settings: Settings) -> Iterator[RedisServer]:
    with redis_server() as server:
        queues: dict[str, Any] = {
            name: {**config, "URL": server.url} for name, config in settings.RQ_QUEUES.items()
        }
        settings.RQ_QUEUES = queues
        settings.REDIS_URL = server.url
        yield server


@pytest.mark.django_db
def test_the_reaper_backs_off_while_redis_is_down_and_sweeps_again_after(
    own_redis: RedisServer,
) -> None:
    loop = ReaperLoop(interval_s=30)
    assert loop.round() == ([], 30)
    own_redis.stop()
    delays = [loop.round() for _ in range(3)]
    assert delays == [(None, 1.0), (None, 2.0), (None, 4.0)]  # no exception, sooner retries
    own_redis.start()
    assert loop.round() == ([], 30)


def test_the_scheduler_backs_off_while_redis_is_down_and_schedules_after(
    own_redis: RedisServer,
) -> None:
    loop = SchedulerLoop(["judging"], interval_s=1.0)
    assert loop.round() == 1.0
    own_redis.stop()
    assert [loop.round() for _ in range(2)] == [1.0, 2.0]  # backoff, and the loop lives on
    own_redis.start()  # an empty Redis: what the embedded one is after a restart
    assert loop.round() == 1.0
    queue = Queue("judging", connection=Redis.from_url(own_redis.url))
    job = queue.enqueue_in(timedelta(seconds=0), "builtins.print", "due")
    assert job.id not in queue.get_job_ids()
    loop.round()
    assert job.id in queue.get_job_ids()  # moved from the scheduled registry to the queue
