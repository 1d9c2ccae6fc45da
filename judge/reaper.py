"""Finding judgements lost on the way and queueing them again.

A judgement is lost when
  - it stays "judging" but its worker died (machine crash, OOM kill, SIGKILL): presumed after
    JUIZ_JUDGING_DEADLINE_S, or at once when the worker ran on this machine and its process is
    gone;
  - it is "queued" (or failed with retries left) but RQ holds no job for it: Redis lost its
    data (the embedded one keeps nothing across restarts) or was unreachable at submit time.
Queueing twice is harmless (the job claims the judgement with a conditional UPDATE), and a
worker finishing after being given up on has its result dropped (the attempt number moved on).
"""

from __future__ import annotations

import logging
import socket
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import psutil
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from judge.models import Judgement, JudgementState, Submission, SubmissionState
from judge.queue import enqueue_judgement, expected_duration_s, judgements_held_by_rq
from judge.resilience import (
    Backoff,
    describe,
    fresh_connections,
    is_transient,
    recover,
)
from judge.services.results import notify, record_failure

logger = logging.getLogger(__name__)


def reap(*, deadline_s: float | None = None, now: datetime | None = None) -> list[int]:
    """Queue lost judgements again; return their ids."""
    now = now or timezone.now()
    deadline = settings.JUIZ_JUDGING_DEADLINE_S if deadline_s is None else deadline_s
    stuck = [
        j
        for j in Judgement.objects.filter(state=JudgementState.JUDGING)
        if _overdue(j, now, deadline) or _worker_is_dead(j.worker)
    ]
    reaped = [j.pk for j in stuck if _requeue_stuck(j)]
    waiting = Judgement.objects.filter(state=JudgementState.QUEUED) | Judgement.objects.filter(
        state=JudgementState.FAILED, attempts__lte=settings.JUIZ_MAX_RETRIES
    )
    # The waiting ones first, what RQ holds second: a submission committed between the two
    # reads would otherwise look lost (its job is queued just after its commit) and be queued
    # twice. Harmless (the claim lets one run judge) but noisy under a burst.
    candidates = list(waiting.exclude(pk__in=reaped))
    held = judgements_held_by_rq()
    for judgement in candidates:
        if judgement.pk not in held:
            _enqueue(judgement)
            reaped.append(judgement.pk)
    return reaped


@dataclass
class ReaperLoop:
    """The reaper as the body of a long-lived loop (`serve`, `reap --every`).

    Each round starts on healthy connections (a PostgreSQL restart leaves the old one dead for
    good otherwise). A round that fails on a lost database or Redis is tried again sooner, with
    a backoff from 1 s up to the interval, so a restart costs seconds, not a missed sweep."""

    interval_s: float
    deadline_s: float | None = None
    backoff: Backoff = field(default_factory=Backoff)

    def __post_init__(self) -> None:
        self.backoff.cap_s = self.interval_s

    def round(self) -> tuple[list[int] | None, float]:
        """Sweep once; return what was queued again (None if the sweep failed) and how long
        to wait before the next round."""
        fresh_connections()
        try:
            reaped = reap(deadline_s=self.deadline_s)
        except Exception as error:
            if not is_transient(error):
                logger.exception("reaper failed")
                return None, self.interval_s
            recover(error)
            delay = self.backoff.next_delay()
            logger.warning("reaper: %s; next try in %.0f s", describe(error), delay)
            return None, delay
        if self.backoff.failures:
            logger.info("reaper: the database and Redis answer again")
        self.backoff.reset()
        return reaped, self.interval_s


def _overdue(judgement: Judgement, now: datetime, deadline_s: float) -> bool:
    """Judging for longer than the deadline, or than the judgement can legitimately take
    (a problem with many tests and a long time limit), whichever is longer."""
    if judgement.started_at is None:
        return True
    allowed = max(deadline_s, 1.5 * expected_duration_s(judgement.pk))
    return judgement.started_at + timedelta(seconds=allowed) <= now


def _worker_is_dead(worker: str) -> bool:
    """Whether `worker` ("host:pid") ran on this machine and its process is gone."""
    host, _, pid = worker.rpartition(":")
    if host != socket.gethostname() or not pid.isdigit():
        return False
    try:
        # A killed process nobody reaped yet (an orphan in a container whose init does not
        # reap) is a zombie: dead all the same.
        return bool(psutil.Process(int(pid)).status() == psutil.STATUS_ZOMBIE)
    except psutil.NoSuchProcess:
        return True


def _requeue_stuck(judgement: Judgement) -> bool:
    claim = Judgement.objects.filter(
        pk=judgement.pk, state=JudgementState.JUDGING, attempts=judgement.attempts
    )
    with transaction.atomic():
        if judgement.attempts > settings.JUIZ_MAX_RETRIES:
            # Its worker was lost on every attempt (it may be what kills them): a judge decides.
            if claim.update(state=JudgementState.FAILED):
                record_failure(judgement, "the worker was lost on every attempt", will_retry=False)
            return False
        if not claim.update(state=JudgementState.QUEUED, worker="", tests_done=0):
            return False
        if judgement.reason == Judgement.Reason.SUBMISSION:
            Submission.objects.filter(
                pk=judgement.submission_id, state=SubmissionState.JUDGING
            ).update(state=SubmissionState.QUEUED)
        _enqueue(judgement)
        notify(judgement)
    logger.warning(
        "judgement %s was lost with worker %s; queued again", judgement.pk, judgement.worker
    )
    return True


def _enqueue(judgement: Judgement) -> None:
    from judge.jobs.judging import queue_for

    enqueue_judgement(judgement.pk, queue_name=queue_for(judgement))
