"""Putting judgements on the RQ queues.

Jobs carry only the judgement id: the worker reads everything else from the database, so a
job can be run twice, or by a worker on another machine, with no stale data. Job ids start
with "judgement-<id>-" so the reaper can tell which judgements RQ still holds.
"""

from __future__ import annotations

import logging
import re
import secrets
import time
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
JOB_PATH = "judge.jobs.judging.judge_judgement"
_JOB_ID = re.compile(r"^judgement-(\d+)-")
COMPILE_BUDGET_S = 120.0  # the engine's compile wall limit is 60 s
CHECK_BUDGET_S = 5.0  # per test, for the output validator
MIN_JOB_TIMEOUT_S = 900.0
# The instant a judgement was committed and handed to RQ, in its job's meta: bench/pipeline.py
# reads it back from the job's timing line (judge/jobs/timing.py).
COMMITTED_META = "juiz_committed_at"


def enqueue_judgement(judgement_id: int, *, queue_name: str = JUDGING_QUEUE) -> None:
    """Queue the judgement once the current transaction commits.

    Enqueueing before the commit would let a fast worker look for a row it cannot see yet;
    outside a transaction on_commit runs at once.
    """
    transaction.on_commit(lambda: _enqueue_now(judgement_id, queue_name))


def enqueue_judgement_in(judgement_id: int, delay_s: float, *, queue_name: str) -> None:
    """Queue the judgement after a delay (retry backoff). Needs an RQ scheduler running
    somewhere (`manage.py scheduler`, which serve runs)."""
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
    queues it later, so the team's request does not fail. The job's meta keeps the instant of
    the commit for bench/pipeline.py (judge/jobs/timing.py)."""
    committed_at = time.time()
    try:
        _queue(queue_name).enqueue(
            JOB_PATH,
            judgement_id,
            meta={COMMITTED_META: committed_at},
            **_job_options(judgement_id),
        )
    except RedisError:
        logger.exception("judgement %s: not queued (the reaper will)", judgement_id)


def _queue(name: str) -> Queue:
    if settings.EMBEDDED_REDIS:
        from config import embedded_redis

        embedded_redis.ensure_running(settings.VAR_DIR)
    return django_rq.get_queue(name)


def judgement_of_job(job_id: str) -> int | None:
    """The judgement an RQ job judges, from its id; None for other jobs (runs, verifications)."""
    found = _JOB_ID.match(job_id)
    return int(found.group(1)) if found else None


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
    # A function problem has no TestCase rows: its harness runs every case in one process.
    tests = max(1, TestCase.objects.filter(problem_id=row["submission__problem_id"]).count())
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


# Function problems (docs/functions.md): "Run" jobs and reference verifications.
RUNS_QUEUE = "runs"
VERIFYING_QUEUE = "verifying"
VERIFY_JOB_PATH = "judge.jobs.functions.verify_reference"
RUN_JOB_PATH = "judge.jobs.functions.run_custom_job"
VERIFY_TIMEOUT_S = 1800  # stress cases run the naive solution to its time limit too
RUN_TIMEOUT_S = 120
RUN_RESULT_TTL_S = 600  # how long a Run's result waits for the team's page to fetch it


def enqueue_verification(
    problem_id: int, language_id: str, case_file_sha: str, *, attempt: int = 1, delay_s: float = 0
) -> None:
    """Verify a function problem's reference in one language, after the commit (after
    `delay_s` more seconds when given: needs `manage.py scheduler`, which serve runs)."""
    transaction.on_commit(
        lambda: _enqueue_verification_now(problem_id, language_id, case_file_sha, attempt, delay_s)
    )


def _enqueue_verification_now(
    problem_id: int, language_id: str, case_file_sha: str, attempt: int, delay_s: float
) -> None:
    options: dict[str, Any] = {
        "job_id": f"verify-{problem_id}-{language_id}-{secrets.token_hex(6)}",
        "description": f"verify the reference of problem {problem_id} in {language_id}",
        "job_timeout": VERIFY_TIMEOUT_S,
    }
    args = (VERIFY_JOB_PATH, problem_id, language_id, case_file_sha, attempt)
    try:
        queue = _queue(VERIFYING_QUEUE)
        if delay_s > 0:
            queue.enqueue_in(timedelta(seconds=delay_s), *args, **options)
        else:
            queue.enqueue(*args, **options)
    except RedisError:
        logger.exception("problem %s: verification in %s not queued", problem_id, language_id)


def enqueue_run(payload: dict[str, Any]) -> str:
    """Queue a "Run" (nothing is recorded in the database: the job's return value, kept in
    Redis for RUN_RESULT_TTL_S, is the result). Returns the job id; raises RedisError."""
    job = _queue(RUNS_QUEUE).enqueue(
        RUN_JOB_PATH,
        payload,
        job_id=f"run-{payload['team_id']}-{secrets.token_hex(8)}",
        description=f"run for team {payload['team_id']}",
        job_timeout=RUN_TIMEOUT_S,
        result_ttl=RUN_RESULT_TTL_S,
        failure_ttl=RUN_RESULT_TTL_S,
        meta={"team_id": payload["team_id"], "user_id": payload["user_id"]},
    )
    return str(job.id)


def fetch_run(job_id: str) -> Any:
    """The RQ job of a Run, or None when unknown (expired, or never existed)."""
    from rq.exceptions import NoSuchJobError
    from rq.job import Job

    try:
        return Job.fetch(job_id, connection=_queue(RUNS_QUEUE).connection)
    except NoSuchJobError:
        return None


_VERIFY_JOB_ID = re.compile(r"^verify-(\d+)-([a-z0-9]+)-")


def verifications_held_by_rq() -> set[tuple[int, str]]:
    """(problem id, language id) of the verifications waiting or running in RQ."""
    queue = _queue(VERIFYING_QUEUE)
    job_ids = [
        *queue.get_job_ids(),
        *ScheduledJobRegistry(queue=queue).get_job_ids(),  # type: ignore[no-untyped-call]
        *StartedJobRegistry(queue=queue).get_job_ids(),
    ]
    return {(int(m.group(1)), m.group(2)) for job in job_ids if (m := _VERIFY_JOB_ID.match(job))}


def runs_in_flight(team_id: int) -> int:
    """Runs of one team waiting or running (job ids are run-<team>-...)."""
    queue = _queue(RUNS_QUEUE)
    prefix = f"run-{team_id}-"
    job_ids = [*queue.get_job_ids(), *StartedJobRegistry(queue=queue).get_job_ids()]
    return sum(1 for job in job_ids if job.startswith(prefix))
