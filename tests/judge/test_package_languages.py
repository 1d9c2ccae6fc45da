"""A package's `languages` (2023-07) restricts its problem: the submission service refuses
another language with a message saying which are accepted, before anything is stored."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoCaptureOnCommitCallbacks
from redis import Redis

from accounts.models import User
from contest.models import Language, Problem
from judge.errors import ServiceError
from judge.models import Submission
from judge.services.submit import submit

pytestmark = pytest.mark.django_db

SUM_PY = b"a, b = map(int, input().split())\nprint(a + b)\n"


@pytest.fixture
def restricted(problem: Problem, languages: dict[str, Language]) -> Problem:
    problem.languages = ["cpp", "c"]
    problem.save()
    return problem


def test_a_language_the_package_does_not_allow_is_refused(
    restricted: Problem, team_user: User, languages: dict[str, Language]
) -> None:
    with pytest.raises(ServiceError) as refused:
        submit(
            user=team_user,
            contest=restricted.contest,
            problem=restricted,
            filename="sum.py",
            source=SUM_PY,
        )
    assert refused.value.code == "language_not_allowed"
    names = f"{languages['c'].name}, {languages['cpp'].name}"
    assert f"Problem A may only be solved in {names}" in refused.value.message
    assert Submission.objects.count() == 0


def test_the_team_form_says_why_and_stores_nothing(
    restricted: Problem, team_user: User, languages: dict[str, Language]
) -> None:
    client = Client()
    client.force_login(team_user)
    data = {"problem": restricted.pk, "filename": "sum.py", "code": SUM_PY.decode()}
    response = client.post(reverse("team:submit"), data)
    assert response.status_code == 200
    assert "may only be solved in" in response.content.decode()
    assert Submission.objects.count() == 0


def test_an_allowed_language_is_accepted(
    restricted: Problem,
    team_user: User,
    languages: dict[str, Language],
    redis_conn: Redis,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        created = submit(
            user=team_user,
            contest=restricted.contest,
            problem=restricted,
            filename="sum.c",
            source=b"int main(void){return 0;}\n",
        )
    assert created.language_id == "c"
