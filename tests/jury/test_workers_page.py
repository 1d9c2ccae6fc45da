"""The worker status page and its requeue action, on the real Redis (no worker running)."""

from __future__ import annotations

import django_rq
import pytest
from django.urls import reverse
from redis import Redis

from accounts.models import User
from contest.models import Language, Problem
from judge.models import AuditAction, AuditEntry, JudgementState, SubmissionState
from judge.queue import _enqueue_now
from judging.classification import Classification
from tests.jury.conftest import ClientAs
from tests.jury.workers_support import REASON, spent_failure
from tests.support import builders

pytestmark = pytest.mark.django_db


def test_a_requeued_failure_waits_on_the_judging_queue_with_fresh_attempts_and_an_audit_entry(
    problem: Problem,
    python: Language,
    team_user: User,
    admin_user: User,
    client_as: ClientAs,
    redis_conn: Redis,
    django_capture_on_commit_callbacks: object,
) -> None:
    judgement = spent_failure(team_user, problem)
    assert judgement.submission.state == SubmissionState.PENDING
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        response = client_as(admin_user).post(reverse("jury:workers_requeue", args=[judgement.pk]))
    assert response.status_code == 302
    judgement.refresh_from_db()
    assert (judgement.state, judgement.attempts) == (JudgementState.QUEUED, 0)
    assert judgement.submission.state == SubmissionState.QUEUED
    job_ids = django_rq.get_queue("judging").get_job_ids()
    assert [j.startswith(f"judgement-{judgement.pk}-") for j in job_ids] == [True]
    entry = AuditEntry.objects.get(action=AuditAction.JUDGEMENT_REQUEUE)
    assert (entry.user, entry.submission_id, entry.target) == (
        admin_user,
        judgement.submission_id,
        f"judgement {judgement.pk}",
    )
    assert entry.before == {"state": "failed", "attempts": 4}
    assert entry.comment == REASON


def test_a_judgement_that_did_not_fail_is_refused_with_a_409_that_says_why(
    problem: Problem,
    python: Language,
    team_user: User,
    admin_user: User,
    client_as: ClientAs,
    redis_conn: Redis,
) -> None:
    submission = builders.judged(team_user, problem, Classification.WRONG_ANSWER)
    judgement = builders.first_judgement(submission)
    response = client_as(admin_user).post(reverse("jury:workers_requeue", args=[judgement.pk]))
    assert response.status_code == 409
    assert b"only a failed judgement can be requeued" in response.content
    assert not AuditEntry.objects.filter(action=AuditAction.JUDGEMENT_REQUEUE).exists()
    assert django_rq.get_queue("judging").count == 0


def test_a_failure_whose_retry_rq_already_holds_is_refused(
    problem: Problem,
    python: Language,
    team_user: User,
    admin_user: User,
    client_as: ClientAs,
    redis_conn: Redis,
) -> None:
    judgement = spent_failure(team_user, problem)
    _enqueue_now(judgement.pk, "judging")  # as a scheduled retry would be, once due
    response = client_as(admin_user).post(reverse("jury:workers_requeue", args=[judgement.pk]))
    assert response.status_code == 409
    assert b"already has a retry waiting" in response.content
    judgement.refresh_from_db()
    assert judgement.state == JudgementState.FAILED


def test_an_unknown_judgement_is_a_404(admin_user: User, client_as: ClientAs) -> None:
    response = client_as(admin_user).post(reverse("jury:workers_requeue", args=[999999]))
    assert response.status_code == 404


def test_the_page_lists_failed_judgements_with_their_reason_and_queue_lengths(
    problem: Problem,
    python: Language,
    team_user: User,
    admin_user: User,
    client_as: ClientAs,
    redis_conn: Redis,
) -> None:
    judgement = spent_failure(team_user, problem)
    for _ in range(3):
        django_rq.get_queue("verifying").enqueue("os.getpid")
    html = client_as(admin_user).get(reverse("jury:workers_status")).content.decode()
    assert f'data-judgement="{judgement.pk}"' in html
    assert "No space left on device" in html
    verifying = html.split('data-queue="verifying"')[1].split("</tr>")[0]
    assert '<td class="num" data-field="waiting">3</td>' in verifying
    judging = html.split('data-queue="judging"')[1].split("</tr>")[0]
    assert '<td class="num" data-field="waiting">0</td>' in judging
    assert "No worker is running" in html


def test_the_page_says_when_redis_is_unavailable_and_still_lists_failures(
    problem: Problem,
    python: Language,
    team_user: User,
    admin_user: User,
    client_as: ClientAs,
    redis_conn: Redis,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from redis.exceptions import ConnectionError as RedisConnectionError

    from judge.selectors import workers

    judgement = spent_failure(team_user, problem)

    def down() -> None:
        raise RedisConnectionError("Connection refused")

    monkeypatch.setattr(workers, "rq_status", down)
    response = client_as(admin_user).get(reverse("jury:workers"))
    assert response.status_code == 200
    assert b"Redis unavailable" in response.content
    assert f'data-judgement="{judgement.pk}"'.encode() in response.content


def test_a_judges_failed_reevaluation_goes_back_to_the_rejudging_queue(
    problem: Problem,
    python: Language,
    team_user: User,
    judge_user: User,
    admin_user: User,
    redis_conn: Redis,
    django_capture_on_commit_callbacks: object,
) -> None:
    from judge.services import jury
    from judge.services.requeue import requeue_failed
    from judge.services.results import record_failure

    submission = builders.judged(team_user, problem, Classification.WRONG_ANSWER)
    again = jury.reevaluate(submission=submission, judge=judge_user)
    record_failure(again, "RuntimeError: the sandbox broke", will_retry=False)
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        requeue_failed(judgement_id=again.pk, user=admin_user)
    assert django_rq.get_queue("judging").count == 0
    assert django_rq.get_queue("rejudging").count == 1
    submission.refresh_from_db()
    assert submission.classification == "Wrong Answer"  # the team's verdict is untouched
