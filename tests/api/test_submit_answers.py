"""POST contests/<id>/submissions for a submit-answer problem (docs/kinds.md): the zip holds
the answer files, `language_id` is the built-in "answers" (or any other: answer files have
none), and a file that answers no test is a 400 with the reason, nothing stored."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest
from django.test import Client

from accounts.models import User
from contest.models import Contest, Language, Problem
from judge.models import Submission
from tests.api.conftest import basic, zipped
from tests.support import factories

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as Response

pytestmark = pytest.mark.django_db

URL = "/api/contests/test/submissions"


@pytest.fixture
def answers_problem(contest: Contest, languages: dict[str, Language], team_user: User) -> Problem:
    return factories.answers_problem(contest)


def _post(problem: Problem, files: dict[str, bytes], language_id: str = "answers") -> Response:
    body = {
        "problem_id": str(problem.pk),
        "language_id": language_id,
        "files": [{"data": zipped(files)}],
    }
    return Client().post(URL, json.dumps(body), content_type="application/json", **basic("alpha1"))


@pytest.mark.parametrize("language_id", ["answers", "python3"])
def test_a_team_submits_answer_files_in_a_zip(answers_problem: Problem, language_id: str) -> None:
    response = _post(answers_problem, {"01.out": b"4\n", "02.out": b"168\n"}, language_id)
    assert response.status_code == 201, response.content
    created = response.json()
    assert created["language_id"] == "answers"
    submission = Submission.objects.get()
    assert submission.program_files() == [("01.out", b"4\n"), ("02.out", b"168\n")]


def test_a_file_that_answers_no_test_is_a_400(answers_problem: Problem) -> None:
    response = _post(answers_problem, {"01.out": b"4\n", "main.py": b"print(4)\n"})
    assert response.status_code == 400
    assert "main.py answers no test" in response.json()["message"]
    assert not Submission.objects.exists()


def test_answer_files_are_refused_for_a_program_problem(
    problem: Problem, languages: dict[str, Language], team_user: User
) -> None:
    response = _post(problem, {"sum.py": b"print(3)\n"})
    assert response.status_code == 400
    assert "submit-answer problems only" in response.json()["message"]
    assert not Submission.objects.exists()
