"""A function problem refuses a submission that does not define the function or class it asks
for (issue 12, item 14): through the submission service, the /submit/ form and the editor's
Submit, with a message that names it; nothing is stored or queued. The lexical check itself,
per language: tests/judging/functions/test_entry_check.py."""

from __future__ import annotations

import json

import django_rq
import pytest
from django.urls import reverse
from redis import Redis

from accounts.models import User
from contest.models import Language, Problem
from judge.errors import ServiceError
from judge.models import Submission
from judge.queue import JUDGING_QUEUE
from judge.services.submit import submit
from tests.support.function_problems import ADD_PY, logged_in

pytestmark = pytest.mark.django_db
STDIN_ADD = b"a, b = map(int, input().split())\nprint(a + b)\n"
MESSAGE = "Problem F wants a function `add`, not a program that reads input"


def test_the_service_refuses_a_stdin_program_and_stores_nothing(
    fn: Problem, team_user: User, redis_conn: Redis
) -> None:
    with pytest.raises(ServiceError) as refused:
        submit(user=team_user, contest=fn.contest, problem=fn, filename="add.py", source=STDIN_ADD)
    assert refused.value.code == "not_a_function"
    assert MESSAGE in refused.value.message and "see its page" in refused.value.message
    assert not Submission.objects.exists()
    assert django_rq.get_queue(JUDGING_QUEUE).count == 0
    right = submit(user=team_user, contest=fn.contest, problem=fn, filename="a.py", source=ADD_PY)
    assert right.judgements.count() == 1


def test_the_submit_form_shows_the_refusal(fn: Problem, team_user: User, redis_conn: Redis) -> None:
    form = {"problem": fn.pk, "language": "", "filename": "add.py", "code": STDIN_ADD.decode()}
    page = logged_in(team_user).post(reverse("team:submit"), form)
    assert page.status_code == 200
    assert MESSAGE in page.content.decode() and not Submission.objects.exists()


def test_the_editors_submit_answers_400_with_the_refusal(
    fn: Problem, team_user: User, redis_conn: Redis
) -> None:
    body = {"language": "python3", "source": STDIN_ADD.decode()}
    url = reverse("team:function_submit", args=[fn.letter])
    response = logged_in(team_user).post(url, json.dumps(body), content_type="application/json")
    assert response.status_code == 400 and MESSAGE in response.json()["error"]
    assert not Submission.objects.exists()


def test_a_stdin_problem_takes_any_program(
    problem: Problem, languages: dict[str, Language], team_user: User
) -> None:
    submission = submit(
        user=team_user,
        contest=problem.contest,
        problem=problem,
        filename="add.py",
        source=STDIN_ADD,
    )
    assert submission.pk is not None
