"""A judgement whose automatic retries are spent, as the worker status page meets it."""

from __future__ import annotations

import django_rq
from django.conf import settings

from accounts.models import User
from contest.models import Problem
from judge.models import Judgement, JudgementState
from judge.services.results import record_failure
from tests.support import builders

REASON = "OSError: [Errno 28] No space left on device"


def spent_failure(user: User, problem: Problem) -> Judgement:
    """A correct submission whose judgement failed on every attempt (a full disk, say)."""
    submission = builders.send(user, problem)
    django_rq.get_queue("judging").empty()  # its first job (transaction tests enqueue it)
    judgement = builders.first_judgement(submission)
    Judgement.objects.filter(pk=judgement.pk).update(
        state=JudgementState.JUDGING, attempts=settings.JUIZ_MAX_RETRIES + 1
    )
    judgement.refresh_from_db()
    record_failure(judgement, REASON, will_retry=False)
    judgement.refresh_from_db()
    return judgement
