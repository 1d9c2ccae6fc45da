"""The scheduled unfreeze end to end: saved in the settings, queued on the RQ scheduler, moved
to its queue by the scheduler loop only once due, and run by a real `rqworker`, which thaws the
board: the public then sees the result submitted during the freeze."""

from __future__ import annotations

import time
from datetime import timedelta

import django_rq
import pytest
from django.utils import timezone
from redis import Redis

from accounts.models import User
from contest.models import Contest
from judge.models import AuditEntry
from judge.scheduler import SchedulerLoop
from judge.services.contest_admin import update_contest
from scoreboard import awards, services
from tests.support import factories
from tests.support.scoreboard import problem, submit
from tests.support.workers import run_burst_worker

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def _public_winner(contest: Contest) -> tuple[int, ...]:
    return next(a.team_ids for a in awards.awards(contest, "public") if a.id == "winner")


def test_the_board_thaws_at_the_scheduled_time_through_scheduler_and_worker(
    redis_conn: Redis, admin_user: User
) -> None:
    now = timezone.now()
    contest = factories.running_contest(
        start=now - timedelta(hours=5),
        freeze_start=now - timedelta(hours=2),
        end=now - timedelta(hours=1),
    )
    alpha = factories.team("Alpha")
    submit(contest, alpha, problem(contest, "A"), 240, "final", "Accepted")  # during the freeze
    services.rebuild(contest)
    assert _public_winner(contest) == ()

    due = timezone.now() + timedelta(seconds=3)
    update_contest(contest=contest, admin=admin_user, changes={"unfreeze_at": due})
    loop = SchedulerLoop(["default"])
    loop.round()
    assert django_rq.get_queue("default").count == 0  # not due yet: still scheduled
    time.sleep(max((due - timezone.now()).total_seconds(), 0) + 0.5)
    loop.round()
    assert django_rq.get_queue("default").count == 1
    loop.stop()

    run_burst_worker("default", timeout=120)
    contest.refresh_from_db()
    assert contest.unfrozen_at is not None and contest.unfrozen_at >= due
    assert not contest.is_frozen()
    assert _public_winner(contest) == (alpha.pk,)
    assert AuditEntry.objects.filter(target__contains="at its scheduled time").count() == 1
