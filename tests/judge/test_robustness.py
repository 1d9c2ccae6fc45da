"""Nothing is lost and nothing is judged twice: duplicate jobs, killed workers, Redis that lost
its jobs, and infrastructure failures (retried with backoff, never a verdict)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import django_rq
import pytest
from django.db import DatabaseError
from django.utils import timezone
from pytest_django import DjangoCaptureOnCommitCallbacks, Settings
from redis import Redis
from rq.registry import ScheduledJobRegistry

from accounts.models import User
from contest.models import Blob, BlobChunk, Language, Problem
from judge.jobs import judging
from judge.jobs.judging import judge_judgement, retry_delay
from judge.models import Judgement, JudgementState, Submission, SubmissionState
from judge.queue import _enqueue_now, judgements_held_by_rq
from judge.reaper import reap
from tests.judge.test_pipeline import C_AC, C_TLE
from tests.support.workers import kill_tree, run_burst_worker, start_worker, wait_until


def _submission(problem: Problem, team_user: User, filename: str, source: bytes) -> Judgement:
    submission = Submission.objects.create(
        contest=problem.contest,
        team=team_user.team,
        problem=problem,
        submitter=team_user,
        language_id=filename.rsplit(".", 1)[1],
        filename=filename,
        source=source,
        submitted_at=timezone.now(),
        state=SubmissionState.QUEUED,
    )
    return Judgement.objects.create(submission=submission, state=JudgementState.QUEUED)


@pytest.mark.django_db
def test_a_claim_is_one_transaction(
    problem: Problem,
    team_user: User,
    languages: dict[str, Language],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The judgement and its submission are claimed together, or not at all (and on SQLite no
    other writer can come between the two)."""
    judgement = _submission(problem, team_user, "sum.c", C_AC)

    def lost(judgement: Judgement) -> None:
        raise DatabaseError("the connection was lost")

    monkeypatch.setattr(judging, "notify", lost)  # the claim's last step, inside it
    with pytest.raises(DatabaseError):
        judging._claim(judgement.pk)
    judgement.refresh_from_db()
    assert (judgement.state, judgement.attempts, judgement.worker) == (JudgementState.QUEUED, 0, "")
    assert judgement.submission.state == SubmissionState.QUEUED
    monkeypatch.undo()
    assert judging._claim(judgement.pk) == 1
    judgement.refresh_from_db()
    assert judgement.state == JudgementState.JUDGING
    assert judgement.submission.state == SubmissionState.JUDGING


@pytest.mark.sandbox
@pytest.mark.worker
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_two_jobs_for_one_judgement_judge_it_once(
    problem: Problem, team_user: User, languages: dict[str, Language], redis_conn: Redis
) -> None:
    judgement = _submission(problem, team_user, "sum.c", C_AC)
    _enqueue_now(judgement.pk, "judging")
    _enqueue_now(judgement.pk, "judging")
    assert django_rq.get_queue("judging").count == 2
    run_burst_worker("judging")
    judgement.refresh_from_db()
    assert (judgement.state, judgement.classification) == (JudgementState.DONE, "Accepted")
    assert judgement.attempts == 1
    assert judgement.runs.count() == 2
    judge_judgement(judgement.pk)  # a third run, in process: nothing left to do
    judgement.refresh_from_db()
    assert judgement.attempts == 1 and judgement.runs.count() == 2


@pytest.mark.sandbox
@pytest.mark.worker
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_killed_worker_is_reaped_and_the_judgement_completes(
    problem: Problem, team_user: User, languages: dict[str, Language], redis_conn: Redis
) -> None:
    problem.time_limit_s = 60  # the program loops: the job runs until killed
    problem.save()
    judgement = _submission(problem, team_user, "loop.c", C_TLE)
    _enqueue_now(judgement.pk, "judging")
    worker = start_worker("judging")
    try:
        judging = wait_until(
            lambda: (
                Judgement.objects.get(pk=judgement.pk).tests_total > 0
                or Judgement.objects.get(pk=judgement.pk).state == "judging"
            )
        )
        assert judging, "the worker never started the job"
        assert wait_until(
            lambda: (
                Submission.objects.get(pk=judgement.submission_id).state == SubmissionState.JUDGING
            )
        )
    finally:
        kill_tree(worker)
    judgement.refresh_from_db()
    assert judgement.state == JudgementState.JUDGING  # lost: nobody will finish it

    assert reap(deadline_s=3600) == [judgement.pk]  # its worker ran here and is gone
    judgement.refresh_from_db()
    assert judgement.state == JudgementState.QUEUED
    assert Submission.objects.get(pk=judgement.submission_id).state == SubmissionState.QUEUED

    problem.time_limit_s = 0.5  # let the second run end quickly
    problem.save()
    run_burst_worker("judging")
    judgement.refresh_from_db()
    submission = Submission.objects.get(pk=judgement.submission_id)
    assert (judgement.state, judgement.attempts) == (JudgementState.DONE, 2)
    assert submission.classification == "Time Limit Exceeded"
    assert submission.state == SubmissionState.PENDING


@pytest.mark.django_db
def test_the_reaper_leaves_a_remote_worker_its_deadline_and_the_time_its_tests_may_take(
    problem: Problem,
    team_user: User,
    languages: dict[str, Language],
    redis_conn: Redis,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    judgement = _submission(problem, team_user, "sum.c", C_AC)
    Judgement.objects.filter(pk=judgement.pk).update(
        state="judging",
        attempts=1,
        worker="elsewhere:123",
        started_at=timezone.now() - timedelta(seconds=1000),
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert reap(deadline_s=3600) == []  # another machine, still within its deadline
    problem.time_limit_s = 300  # 2 tests of up to 601 s of wall time each may still be running
    problem.save()
    with django_capture_on_commit_callbacks(execute=True):
        assert reap(deadline_s=60) == []
    problem.time_limit_s = 1
    problem.save()
    with django_capture_on_commit_callbacks(execute=True):
        assert reap(deadline_s=60) == [judgement.pk]
    assert judgement.pk in judgements_held_by_rq()
    judgement.refresh_from_db()
    assert judgement.state == JudgementState.QUEUED


@pytest.mark.django_db
def test_reaper_requeues_what_redis_lost(
    problem: Problem,
    team_user: User,
    languages: dict[str, Language],
    redis_conn: Redis,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    judgement = _submission(problem, team_user, "sum.c", C_AC)
    with django_capture_on_commit_callbacks(execute=True):
        assert reap() == [judgement.pk]  # queued in the database, unknown to Redis
    with django_capture_on_commit_callbacks(execute=True):
        assert reap() == []  # now RQ holds it
    assert django_rq.get_queue("judging").count == 1


@pytest.mark.django_db
def test_reaper_gives_up_after_the_retries(
    problem: Problem,
    team_user: User,
    languages: dict[str, Language],
    redis_conn: Redis,
    settings: Settings,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    judgement = _submission(problem, team_user, "sum.c", C_AC)
    Judgement.objects.filter(pk=judgement.pk).update(
        state="judging",
        attempts=settings.JUIZ_MAX_RETRIES + 1,
        worker="elsewhere:1",
        started_at=timezone.now() - timedelta(hours=2),
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert reap() == []
    judgement.refresh_from_db()
    submission = Submission.objects.get(pk=judgement.submission_id)
    assert (judgement.state, judgement.classification) == ("failed", "Requires Reevaluation")
    assert (submission.state, submission.classification) == ("pending", "Requires Reevaluation")


@pytest.mark.sandbox
@pytest.mark.django_db
def test_infrastructure_failure_is_retried_with_backoff(
    problem: Problem,
    team_user: User,
    languages: dict[str, Language],
    redis_conn: Redis,
    settings: Settings,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
    tmp_path: Path,
) -> None:
    """Corrupt test data is our failure: the judgement fails with the reason and a retry is
    scheduled; repaired, the retry judges it."""
    test = problem.tests.get(order=2)
    good = test.input
    bad = Blob.objects.create(sha256="f" * 64, size=5)  # its chunk has another hash
    BlobChunk.objects.create(blob=bad, index=0, data=b"40 2\n")
    test.input = bad
    test.save()
    settings.JUIZ_CACHE_DIR = tmp_path / "cache"
    judgement = _submission(problem, team_user, "sum.c", C_AC)
    with django_capture_on_commit_callbacks(execute=True):
        judge_judgement(judgement.pk)
    judgement.refresh_from_db()
    submission = Submission.objects.get(pk=judgement.submission_id)
    assert (judgement.state, judgement.classification) == ("failed", "Requires Reevaluation")
    assert "does not match its hash" in judgement.reason_text
    assert (submission.state, submission.classification) == ("queued", "")
    scheduled = ScheduledJobRegistry(queue=django_rq.get_queue("judging"))
    assert len(scheduled.get_job_ids()) == 1
    assert judgement.pk in judgements_held_by_rq()
    assert retry_delay(1) < retry_delay(2) < retry_delay(3)

    # Out of retries: the jury gets it as Requires Reevaluation, never a verdict.
    Judgement.objects.filter(pk=judgement.pk).update(attempts=settings.JUIZ_MAX_RETRIES + 1)
    with django_capture_on_commit_callbacks(execute=True):
        judge_judgement(judgement.pk)
    submission.refresh_from_db()
    assert (submission.state, submission.classification) == ("pending", "Requires Reevaluation")
    assert len(scheduled.get_job_ids()) == 1  # no further retry was scheduled

    # Repaired, the judgement judges normally when run again (a retry, or the jury's requeue).
    test.input = good
    test.save()
    with django_capture_on_commit_callbacks(execute=True):
        judge_judgement(judgement.pk)
    judgement.refresh_from_db()
    submission.refresh_from_db()
    assert (judgement.state, judgement.classification) == ("done", "Accepted")
    assert (submission.state, submission.classification) == ("pending", "Accepted")
