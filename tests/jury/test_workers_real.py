"""The worker status page against real `manage.py rqworker` processes on the test Redis."""

from __future__ import annotations

import socket

import django_rq
import pytest
from django.urls import reverse
from redis import Redis
from rq import Worker

from accounts.models import User
from contest.models import Language, Problem
from judge.models import JudgementState, SubmissionState
from tests.jury.conftest import ClientAs
from tests.jury.workers_support import spent_failure
from tests.support import builders
from tests.support.workers import kill_tree, run_burst_worker, start_worker, wait_until

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def _row(html: str, attribute: str) -> str:
    return html.split(attribute)[1].split("</tr>")[0]


@pytest.mark.slow
def test_the_page_lists_a_running_worker_with_its_host_pid_and_queues_and_the_queue_lengths(
    admin_user: User, client_as: ClientAs, redis_conn: Redis
) -> None:
    for _ in range(2):
        django_rq.get_queue("judging").enqueue("os.getpid")  # nobody takes the judging queue
    worker = start_worker("verifying", "default")
    try:
        assert wait_until(lambda: len(Worker.all(connection=redis_conn)) == 1, timeout=60)
        html = client_as(admin_user).get(reverse("jury:workers_status")).content.decode()
        row = _row(html, 'data-worker="')
        assert f'<td data-field="host">{socket.gethostname()}</td>' in row
        assert f'data-field="pid">{worker.pid}</td>' in row
        assert "verifying, default" in row
        assert '<td data-field="state">idle</td>' in row
        judging = _row(html, 'data-queue="judging"')
        assert '<td class="num" data-field="waiting">2</td>' in judging
    finally:
        kill_tree(worker)


@pytest.mark.sandbox
@pytest.mark.slow
def test_a_requeued_failure_is_judged_by_a_real_worker(
    problem: Problem,
    python: Language,
    team_user: User,
    admin_user: User,
    client_as: ClientAs,
    redis_conn: Redis,
) -> None:
    judgement = spent_failure(team_user, problem)
    response = client_as(admin_user).post(reverse("jury:workers_requeue", args=[judgement.pk]))
    assert response.status_code == 302
    assert django_rq.get_queue("judging").count == 1
    run_burst_worker("judging")
    judgement.refresh_from_db()
    assert (judgement.state, judgement.attempts) == (JudgementState.DONE, 1)
    assert judgement.classification == "Accepted"
    submission = judgement.submission
    submission.refresh_from_db()
    assert submission.state in (SubmissionState.PENDING, SubmissionState.FINAL)
    assert (submission.classification, submission.current_judgement_id) == (
        "Accepted",
        judgement.pk,
    )
    html = client_as(admin_user).get(reverse("jury:workers_status")).content.decode()
    assert f'data-judgement="{judgement.pk}"' not in html  # no longer failed, nor retried


@pytest.mark.sandbox
@pytest.mark.slow
def test_a_busy_worker_links_to_the_submission_it_is_judging(
    problem: Problem,
    python: Language,
    team_user: User,
    admin_user: User,
    client_as: ClientAs,
    redis_conn: Redis,
) -> None:
    problem.time_limit_s = 30  # the program loops: the worker stays busy with it
    problem.save()
    submission = builders.send(team_user, problem, b"while True:\n    pass\n")
    judgement = builders.first_judgement(submission)
    worker = start_worker("judging")
    try:
        assert wait_until(lambda: _busy(redis_conn), timeout=60)
        html = client_as(admin_user).get(reverse("jury:workers_status")).content.decode()
        row = _row(html, 'data-worker="')
        assert '<td data-field="state">busy</td>' in row
        link = reverse("jury:submission", args=[submission.pk])
        assert f'<a href="{link}">judgement {judgement.pk}</a>' in row
        running = _row(html, 'data-queue="judging"')
        assert '<td class="num" data-field="running">1</td>' in running
    finally:
        kill_tree(worker)


def _busy(connection: Redis) -> bool:
    return any(w.get_current_job_id() for w in Worker.all(connection=connection))
