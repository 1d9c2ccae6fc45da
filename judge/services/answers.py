"""The jury's side of generated answers: setting a problem's model solution (a problem authored
in the web app may have one, as a package's juiz.yaml gives one) and queueing the making of the
answers after a change of the solution or of the test data (judge/jobs/answers.py runs it,
contest/services/answers.py makes them)."""

from __future__ import annotations

import logging
import tempfile
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

import django_rq
from django.db import transaction
from redis.exceptions import RedisError

from contest.juiz import store_program
from contest.models import Language, Problem
from judge.errors import ServiceError
from judge.models import AuditAction
from judge.services import audit

if TYPE_CHECKING:
    from accounts.models import User

logger = logging.getLogger(__name__)

ANSWERS_QUEUE = "default"
JOB_PATH = "judge.jobs.answers.make_answers"
JOB_TIMEOUT_S = 1800


def enqueue_answers(problem_id: int) -> None:
    """Queue the job once the current transaction commits. If Redis is down the answers are
    made anyway by the next judgement's job (it refreshes stale answers first)."""

    def enqueue() -> None:
        try:
            django_rq.get_queue(ANSWERS_QUEUE).enqueue(
                JOB_PATH, problem_id, job_timeout=JOB_TIMEOUT_S
            )
        except RedisError:
            logger.exception("problem %s: answers job not queued", problem_id)

    transaction.on_commit(enqueue)


def set_model_solution(
    *,
    problem: Problem,
    admin: User,
    filename: str,
    source: bytes,
    language_id: str,
    every_test: bool = False,
) -> None:
    """Make `source` the problem's model solution, whose outputs are the answers of the tests
    marked generated (with `every_test`: of every test, replacing the setter's answers). The
    answers are then stale: they are queued to be made again."""
    name = PurePosixPath(filename.replace("\\", "/")).name
    if not name or name in (".", ".."):
        raise ServiceError("bad_solution", "the model solution needs a file name")
    if not Language.objects.filter(pk=language_id).exists():
        raise ServiceError("bad_solution", f"unknown language {language_id!r}")
    with tempfile.TemporaryDirectory(prefix="juiz-solution-") as tmp:
        path = Path(tmp) / name
        path.write_bytes(source)
        blob = store_program(path)
    with transaction.atomic():
        locked = Problem.objects.select_for_update().get(pk=problem.pk)
        before = {"solution": locked.answer_solution, "source": locked.answer_source_id or ""}
        locked.answer_solution, locked.answer_language = name, language_id
        locked.answer_entrypoint, locked.answer_source = "", blob
        locked.answers_key, locked.answers_message = "", ""
        locked.save()
        if every_test:
            locked.tests.update(answer_generated=True)
        audit.record(
            user=admin,
            action=AuditAction.PROBLEM_DATA,
            contest=locked.contest,
            target=f"problem {locked.letter}",
            comment="model solution" + (" for every test" if every_test else ""),
            before=before,
            after={"solution": name, "source": blob.sha256},
        )
        enqueue_answers(locked.pk)


def request_answers(*, problem: Problem) -> None:
    """Queue the making of the answers (nothing happens when they are fresh)."""
    if problem.answer_source_id is None:
        raise ServiceError("no_solution", "the problem has no model solution")
    enqueue_answers(problem.pk)
