"""Putting judgements on the RQ queues.

Jobs carry only the judgement id: the worker reads everything else from the database, so a
job can be run twice, or by a worker on another machine, with no stale data. Job ids start
with "judgement-<id>-" so the reaper can tell which judgements RQ still holds.
"""

from __future__ import annotations

import logging
import re
import secrets
from datetime import timedelta
from typing import Any

import django_rq
from django.conf import settings
from django.db import transaction
from redis.exceptions import RedisError
from rq import Queue
from rq.registry import ScheduledJobRegistry, StartedJobRegistry

logger = logging.getLogger(__name__)

JUDGING_QUEUE = "judging"
REJUDGING_QUEUE = "rejudging"
QUEUES = (JUDGING_QUEUE, REJUDGING_QUEUE)
JOB_PATH = "judge.jobs.judge_judgement"
_JOB_ID = re.compile(r"^judgement-(\d+)-")
COMPILE_BUDGET_S = 120.0  # the engine's compile wall limit is 60 s
CHECK_BUDGET_S = 5.0  # per test, for the output validator
MIN_JOB_TIMEOUT_S = 900.0


def enqueue_judgement(judgement_id: int, *, queue_name: str = JUDGING_QUEUE) -> None:
    """Queue the judgement once the current transaction commits.

    Enqueueing before the commit would let a fast worker look for a row it cannot see yet;
    outside a transaction on_commit runs at once.
    """
    transaction.on_commit(lambda: _enqueue_now(judgement_id, queue_name))


def enqueue_judgement_in(judgement_id: int, delay_s: float, *, queue_name: str) -> None:
    """Queue the judgement after a delay (retry backoff). Needs a worker started with
    --with-scheduler somewhere (serve starts its workers that way)."""
    try:
        _queue(queue_name).enqueue_in(
            timedelta(seconds=delay_s),
            JOB_PATH,
            judgement_id,
            **_job_options(judgement_id),
        )
    except RedisError:
        logger.exception("judgement %s: retry not scheduled (the reaper will)", judgement_id)


def _enqueue_now(judgement_id: int, queue_name: str) -> None:
    """The judgement is committed whatever happens here: if Redis is unreachable the reaper
    queues it later, so the team's request does not fail."""
    try:
        _queue(queue_name).enqueue(
            JOB_PATH,
            judgement_id,
            **_job_options(judgement_id),
        )
    except RedisError:
        logger.exception("judgement %s: not queued (the reaper will)", judgement_id)


def _queue(name: str) -> Queue:
    if settings.EMBEDDED_REDIS:
        from config import embedded_redis

        embedded_redis.ensure_running(settings.VAR_DIR)
    return django_rq.get_queue(name)


def judgements_held_by_rq() -> set[int]:
    """Ids of judgements that have a job waiting, scheduled or running in RQ."""
    held: set[int] = set()
    for name in QUEUES:
        queue = _queue(name)
        job_ids = [
            *queue.get_job_ids(),
            *ScheduledJobRegistry(queue=queue).get_job_ids(),  # type: ignore[no-untyped-call]
            *StartedJobRegistry(queue=queue).get_job_ids(),
        ]
        held.update(int(m.group(1)) for job in job_ids if (m := _JOB_ID.match(job)))
    return held


def expected_duration_s(judgement_id: int) -> float:
    """How long judging may legitimately take: compiling, then every test up to its wall-time
    limit (2 x CPU limit + 1 s, as the engine sets it) plus time for the output validator."""
    from contest.models import TestCase
    from judge.models import Judgement

    row = (
        Judgement.objects.filter(pk=judgement_id)
        .values(
            "submission__problem_id",
            "submission__problem__time_limit_s",
            "submission__language__time_factor",
        )
        .first()
    )
    if row is None:
        return COMPILE_BUDGET_S
    tests = TestCase.objects.filter(problem_id=row["submission__problem_id"]).count()
    cpu_s = row["submission__problem__time_limit_s"] * row["submission__language__time_factor"]
    return COMPILE_BUDGET_S + tests * (2 * cpu_s + 1 + CHECK_BUDGET_S)


def _job_options(judgement_id: int) -> dict[str, Any]:
    # RQ kills a job running past its timeout; a big problem may need more than the default.
    timeout = max(MIN_JOB_TIMEOUT_S, 2 * expected_duration_s(judgement_id))
    return {
        "job_id": f"judgement-{judgement_id}-{secrets.token_hex(6)}",
        "description": f"judge judgement {judgement_id}",
        "job_timeout": int(timeout),
    }
