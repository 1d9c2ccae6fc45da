"""The jury's side of generated answers: queueing their making after a change of the model
solution or of the test data (judge/jobs/answers.py runs it; contest/services/answers.py
makes them)."""

from __future__ import annotations

import logging

import django_rq
from django.db import transaction
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

ANSWERS_QUEUE = "default"
JOB_PATH = "judge.jobs.answers.make_answers"
JOB_TIMEOUT_S = 1800


def enqueue_answers(problem_id: int) -> None:
    """Queue the job once the current transaction commits. If Redis is down the answers are
    made anyway by the next judgement's job (it refreshes stale answers first)."""

    def enqueue() -> None:
        try:
            django_rq.get_queue(ANSWERS_QUEUE).enqueue(
                JOB_PATH, problem_id, job_timeout=JOB_TIMEOUT_S
            )
        except RedisError:
            logger.exception("problem %s: answers job not queued", problem_id)

    transaction.on_commit(enqueue)
