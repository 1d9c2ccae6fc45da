"""What the admins' worker status page shows: RQ's workers and queues as Redis holds them, and
the judgements that failed or were retried as the database holds them.

Worker data is read from RQ's own registry (`Worker.all`), which each worker keeps up to date
with its heartbeat; nothing here is cached, so a page read is what Redis says now.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime

import django_rq
from django.conf import settings
from django.db.models import QuerySet
from django.utils import timezone
from rq import Worker
from rq.registry import FailedJobRegistry, ScheduledJobRegistry, StartedJobRegistry
from rq.worker.base import BaseWorker

from judge.models import Judgement, JudgementState
from judge.queue import (
    JUDGING_QUEUE,
    REJUDGING_QUEUE,
    RUNS_QUEUE,
    VERIFYING_QUEUE,
    judgement_of_job,
)

# In the order the workers take them (docs/architecture.md, "Running it": serve's rqworker line).
QUEUE_NAMES = (RUNS_QUEUE, JUDGING_QUEUE, REJUDGING_QUEUE, "default", VERIFYING_QUEUE)
FAILED_JOBS_SHOWN = 20
JUDGEMENTS_SHOWN = 50


@dataclass(frozen=True, slots=True)
class WorkerRow:
    name: str
    host: str
    pid: int | None
    queues: tuple[str, ...]
    state: str
    job_id: str | None
    judgement_id: int | None
    submission_id: int | None
    last_heartbeat: datetime | None
    heartbeat_age_s: float | None
    jobs_done: int
    jobs_failed: int


@dataclass(frozen=True, slots=True)
class QueueRow:
    name: str
    waiting: int
    running: int
    scheduled: int
    failed: int


@dataclass(frozen=True, slots=True)
class FailedJob:
    """A job in RQ's failed registry: it raised or was killed (timeout, a lost work horse)."""

    queue: str
    job_id: str
    judgement_id: int | None
    ended_at: datetime | None


@dataclass(frozen=True, slots=True)
class Status:
    workers: list[WorkerRow]
    queues: list[QueueRow]
    failed_jobs: list[FailedJob]


def rq_status() -> Status:
    """Workers, queue lengths and RQ's failed jobs; raises RedisError when Redis is away."""
    connection = django_rq.get_connection(JUDGING_QUEUE)
    now = timezone.now()
    workers = sorted(
        (_worker_row(w, now) for w in Worker.all(connection=connection)),
        key=lambda row: (row.host, row.pid or 0),
    )
    return Status(_with_submissions(workers), _queue_rows(), _failed_jobs())


def _worker_row(worker: BaseWorker, now: datetime) -> WorkerRow:
    job_id = worker.get_current_job_id()
    beat = worker.last_heartbeat
    if beat is not None and timezone.is_naive(beat):
        beat = timezone.make_aware(beat, UTC)
    return WorkerRow(
        name=worker.name,
        host=worker.hostname or "?",
        pid=worker.pid,
        queues=tuple(worker.queue_names()),
        state=str(worker.get_state()),
        job_id=job_id,
        judgement_id=judgement_of_job(job_id) if job_id else None,
        submission_id=None,
        last_heartbeat=beat,
        heartbeat_age_s=(now - beat).total_seconds() if beat else None,
        jobs_done=worker.successful_job_count,
        jobs_failed=worker.failed_job_count,
    )


def _with_submissions(rows: list[WorkerRow]) -> list[WorkerRow]:
    """The jury's links go to a submission's page: look up the judgements' submissions."""
    ids = {row.judgement_id for row in rows if row.judgement_id is not None}
    submissions: dict[int | None, int] = dict(
        Judgement.objects.filter(pk__in=ids).values_list("pk", "submission_id")
    )
    return [replace(row, submission_id=submissions.get(row.judgement_id)) for row in rows]


def _queue_rows() -> list[QueueRow]:
    rows = []
    for name in QUEUE_NAMES:
        queue = django_rq.get_queue(name)
        rows.append(
            QueueRow(
                name=name,
                waiting=queue.count,
                running=StartedJobRegistry(queue=queue).count,
                scheduled=ScheduledJobRegistry(queue=queue).count,  # type: ignore[no-untyped-call]
                failed=FailedJobRegistry(queue=queue).count,
            )
        )
    return rows


def _failed_jobs() -> list[FailedJob]:
    """The latest jobs of RQ's failed registries, newest first."""
    found: list[FailedJob] = []
    for name in QUEUE_NAMES:
        queue = django_rq.get_queue(name)
        registry = FailedJobRegistry(queue=queue)
        for job in queue.job_class.fetch_many(
            registry.get_job_ids(0, FAILED_JOBS_SHOWN - 1, desc=True), connection=queue.connection
        ):
            if job is not None:
                found.append(FailedJob(name, job.id, judgement_of_job(job.id), job.ended_at))
    found.sort(key=lambda f: f.ended_at or datetime.min.replace(tzinfo=UTC), reverse=True)
    return found[:FAILED_JOBS_SHOWN]


def failed_judgements() -> QuerySet[Judgement]:
    """Judgements in the failed state: an infrastructure failure, retried automatically while
    attempts remain (`JUIZ_MAX_RETRIES`), then left for a requeue or a reevaluation."""
    return (
        _judgements()
        .filter(state=JudgementState.FAILED)
        .order_by("-finished_at", "-pk")[:JUDGEMENTS_SHOWN]
    )


def retried_judgements() -> QuerySet[Judgement]:
    """Judgements that needed more than one attempt and are no longer failed."""
    return (
        _judgements()
        .filter(attempts__gt=1)
        .exclude(state=JudgementState.FAILED)
        .order_by("-finished_at", "-pk")[:JUDGEMENTS_SHOWN]
    )


def gives_up(judgement: Judgement) -> bool:
    """Whether its automatic retries are spent (only a requeue or a reevaluation helps)."""
    return judgement.attempts > settings.JUIZ_MAX_RETRIES


def _judgements() -> QuerySet[Judgement]:
    # The report and compile output can be large and the page shows neither.
    return Judgement.objects.select_related(
        "submission__team", "submission__problem", "submission__contest"
    ).defer("report", "compile_output", "submission__source")
