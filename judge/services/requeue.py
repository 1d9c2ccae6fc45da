"""An admin puts a failed judgement back on its queue (the worker status page).

A judgement fails on an infrastructure error, never on the team's program; the job retries it
by itself up to `JUIZ_MAX_RETRIES` times. Once those are spent, or when the admin fixed the
cause (a full disk, a broken compiler) and does not want to wait for the backoff, a requeue
starts it afresh: a new set of attempts, judged by whichever worker takes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import transaction

from judge.errors import ServiceError
from judge.models import AuditAction, Judgement, JudgementState, Submission, SubmissionState
from judge.queue import (
    JUDGING_QUEUE,
    REJUDGING_QUEUE,
    enqueue_judgement,
    judgements_held_by_rq,
)
from judge.services import audit
from judge.services.results import notify

if TYPE_CHECKING:
    from accounts.models import User


def requeue_failed(*, judgement_id: int, user: User) -> Judgement:
    """Queue a failed judgement again, audited. Refuses (ServiceError) a judgement that is not
    failed, or whose retry RQ already holds (it will run without help)."""
    with transaction.atomic():
        judgement = (
            Judgement.objects.select_for_update()
            .select_related("submission")
            .filter(pk=judgement_id)
            .first()
        )
        if judgement is None:
            raise ServiceError("no_judgement", f"There is no judgement {judgement_id}.")
        _require_requeueable(judgement)
        before = {"state": judgement.state, "attempts": judgement.attempts}
        # attempts back to 0: the job's claim counts from there, so the retries apply again.
        Judgement.objects.filter(pk=judgement.pk).update(
            state=JudgementState.QUEUED, attempts=0, worker="", tests_done=0
        )
        _submission_queued_again(judgement)
        audit.record(
            user=user,
            action=AuditAction.JUDGEMENT_REQUEUE,
            submission=judgement.submission,
            target=f"judgement {judgement.pk}",
            comment=judgement.reason_text[:500],
            before=before,
            after={"state": JudgementState.QUEUED, "attempts": 0},
        )
        enqueue_judgement(judgement.pk, queue_name=_queue_for(judgement))
        notify(judgement)
    judgement.refresh_from_db()
    return judgement


def _require_requeueable(judgement: Judgement) -> None:
    if judgement.state != JudgementState.FAILED:
        raise ServiceError(
            "not_failed",
            f"Judgement {judgement.pk} is {judgement.get_state_display().lower()}: "
            "only a failed judgement can be requeued.",
        )
    if judgement.pk in judgements_held_by_rq():
        raise ServiceError(
            "already_queued",
            f"Judgement {judgement.pk} already has a retry waiting in RQ; it will run without a "
            "requeue.",
        )


def _submission_queued_again(judgement: Judgement) -> None:
    """A new submission whose retries were spent shows Requires Reevaluation to the jury
    (pending); queued again, it is queued for everyone. A judge's decision stays."""
    if judgement.reason != Judgement.Reason.SUBMISSION:
        return
    Submission.objects.filter(
        pk=judgement.submission_id,
        state=SubmissionState.PENDING,
        current_judgement_id=judgement.pk,
    ).update(state=SubmissionState.QUEUED)


def _queue_for(judgement: Judgement) -> str:
    """The queue its retries take (judge.jobs.judging.queue_for, which the services may not
    import: the jobs import them): new submissions first, a judge's judgements after."""
    if judgement.reason == Judgement.Reason.SUBMISSION:
        return JUDGING_QUEUE
    return REJUDGING_QUEUE
