"""An in-process worker whose judging job raised stops: its judgement may be left "judging"
under this process, which the reaper must see gone (as it saw a forked horse gone)."""

from __future__ import annotations

import django_rq
import pytest
from redis import Redis

from judge import worker as worker_module
from judge.jobs import judging
from judge.queue import JOB_PATH, JUDGING_QUEUE

pytestmark = pytest.mark.django_db


def _raise(judgement_id: int) -> None:
    raise RuntimeError(f"storing judgement {judgement_id} failed")


def _worker(redis_conn: Redis) -> worker_module.Worker:
    queue = django_rq.get_queue(JUDGING_QUEUE)
    return worker_module.Worker([queue], connection=redis_conn)


def test_a_worker_stops_after_a_judging_job_raised(
    redis_conn: Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(judging, "judge_judgement", _raise)
    queue = django_rq.get_queue(JUDGING_QUEUE)
    queue.enqueue(JOB_PATH, 1)
    queue.enqueue(JOB_PATH, 2)
    _worker(redis_conn).work(burst=True)
    assert queue.count == 1  # the second job waits for the next worker


def test_a_worker_goes_on_after_a_judging_job_that_returned(
    redis_conn: Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(judging, "judge_judgement", lambda judgement_id: None)
    queue = django_rq.get_queue(JUDGING_QUEUE)
    queue.enqueue(JOB_PATH, 1)
    queue.enqueue(JOB_PATH, 2)
    _worker(redis_conn).work(burst=True)
    assert queue.count == 0
