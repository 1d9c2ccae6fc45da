"""The RQ worker class Juiz's workers run (settings.RQ["WORKER_CLASS"]).

Worker runs each job in the worker's own process (RQ's SimpleWorker). RQ's default forks a
"work horse" per job, which cost a judgement about 0.1 s for the fork and as much again for
the modules and connections each new horse loads and opens, then drops (bench/pipeline.py,
docs/judging.md "Where the time goes"). A job's isolation comes from the sandbox, not from
that fork: the team's program never runs in the worker's process. What the fork did besides:
- a job running past its RQ timeout is interrupted by SIGALRM in the process (RQ's
  UnixSignalDeathPenalty) instead of killed; judge_judgement then records an infrastructure
  failure and retries, as for any other error of ours;
- a job that kills the interpreter kills the worker: `serve` starts it again, and the reaper
  queues the judgement again (its worker host:pid is gone);
- a judging job that raised (storing failed past JUIZ_STORE_RETRY_S) leaves its judgement
  "judging" under this process: the worker then stops, as the horse did, so that the reaper
  sees the process gone at its next sweep instead of waiting for the deadline (`serve`
  starts the worker again).
ForkingWorker keeps RQ's fork per job, for comparison (`rqworker --worker-class`).
"""

from __future__ import annotations

import logging
import time
from typing import Any

from redis import Redis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from rq import Queue, SimpleWorker
from rq import Worker as RQWorker
from rq.job import Job, JobStatus

from judge.queue import JOB_PATH
from judge.resilience import Backoff, describe
from judging.workdirs import clean_stale

logger = logging.getLogger(__name__)


class _Startup:
    """What both worker kinds do first: remove the work folders of jobs killed earlier
    (SIGKILL, OOM, a machine crash), which hold teams' sources and would otherwise pile up in
    /tmp; and wait for Redis: RQ's own start-up dies when Redis is away, and `serve` would
    restart it every few seconds for as long as Redis is down."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        connection = kwargs.get("connection")
        if connection is not None:
            _wait_for_redis(connection)
        super().__init__(*args, **kwargs)

    def bootstrap(self, *args: Any, **kwargs: Any) -> None:
        for folder in clean_stale():
            logger.info("removed the stale work folder %s", folder)
        super().bootstrap(*args, **kwargs)  # type: ignore[misc]


class Worker(_Startup, SimpleWorker):
    """Jobs in the worker's own process (see the module's docstring)."""

    def execute_job(self, job: Job, queue: Queue) -> None:
        super().execute_job(job, queue)
        if job.func_name == JOB_PATH and job.get_status(refresh=True) == JobStatus.FAILED:
            logger.warning("worker: a judging job failed; stopping so the reaper sees it lost")
            self._stop_requested = True


class ForkingWorker(_Startup, RQWorker):
    """RQ's fork of a work horse per job."""


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
