"""contests/<id>/clarifications: what each role reads, and POST by a team and by a judge, with
the spec's 4xx and JSON error for bad input."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest
from django.test import Client

from accounts.models import User
from api.serializers import PROPERTIES
from contest.models import Contest, Problem
from judge.models import Clarification, ClarificationState
from judge.services import clarifications as service
from tests.api.conftest import basic, client_for
from tests.api.test_schemas import TIME

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as Response

pytestmark = pytest.mark.django_db

URL = "/api/contests/test/clarifications"


def _post(body: object, user: User | None = None, **headers: str) -> Response:
    client = Client()
    if user is not None:
        headers = {**basic(user.username), **headers}
    return client.post(URL, json.dumps(body), content_type="application/json", **headers)


def _refused(response: Response, status: int) -> str:
    assert response.status_code == status, response.content
    payload = response.json()
    assert payload["code"] == status and payload["message"]
    return str(payload["message"])


def _ids(user: User | None) -> list[str]:
    response = client_for(user).get(URL)
    assert response.status_code == 200
    return [c["id"] for c in response.json()]


def test_a_team_posts_a_question_and_reads_it_back(
    team_user: User, problem: Problem, contest: Contest
) -> None:
    response = _post({"problem_id": str(problem.pk), "text": "Round?"}, team_user)
    assert response.status_code == 201, response.content
    created = response.json()
    assert set(created) == set(PROPERTIES["clarifications"])
    assert created["from_team_id"] == str(team_user.team_id)
    assert created["to_team_ids"] is None and created["reply_to_id"] is None
    assert TIME.match(created["time"])
    assert response["Location"].endswith(f"{URL}/{created['id']}")
    assert client_for(team_user).get(f"{URL}/{created['id']}").json() == created
    question = Clarification.objects.get()
    assert question.state == ClarificationState.UNANSWERED and question.problem == problem


@pytest.mark.parametrize(
    ("body", "status", "says"),
    [
        ({"text": "Hi", "to_team_ids": ["1"]}, 403, "Teams cannot send"),
        ({"text": "Hi", "id": "x"}, 400, "id must not be provided"),
        ({"text": "Hi", "time": "2020-01-01T00:00:00Z"}, 400, "time must not"),
        ({}, 400, "text is required"),
        ({"text": 3}, 400, "text is required"),
        ({"text": "Hi", "problem_id": "999999"}, 404, "problem"),
        ({"text": "Hi", "problem_id": 7}, 400, "problem_id"),
        ({"text": "Hi", "colour": "red"}, 400, "unknown properties"),
        ({"text": "   "}, 400, "empty"),
        ({"text": "Hi", "from_team_id": "999999"}, 403, "own team"),
    ],
)
def test_bad_team_input_gets_the_specs_error(
    team_user: User, contest: Contest, body: object, status: int, says: str
) -> None:
    assert says in _refused(_post(body, team_user), status)
    assert Clarification.objects.count() == 0


def test_anonymous_runners_and_closed_contests_cannot_post(
    team_user: User, runner_user: User, contest: Contest
) -> None:
    _refused(_post({"text": "Hi"}), 401)
    _refused(_post({"text": "Hi"}, runner_user), 403)
    Contest.objects.filter(pk=contest.pk).update(clarifications_open=False)
    _refused(_post({"text": "Hi"}, team_user), 403)


def test_a_judge_answers_the_team_alone_and_the_other_team_sees_nothing(
    team_user: User, other_team_user: User, judge_user: User, contest: Contest
) -> None:
    question = service.ask(user=team_user, contest=contest, text="Round?")
    body = {"reply_to_id": str(question.pk), "to_team_ids": [str(team_user.team_id)], "text": "Yes"}
    response = _post(body, judge_user)
    assert response.status_code == 201, response.content
    answer = response.json()
    assert answer["from_team_id"] is None and answer["reply_to_id"] == str(question.pk)
    assert _ids(team_user) == [str(question.pk), answer["id"]]
    assert _ids(other_team_user) == []
    assert _ids(None) == []
    assert _ids(judge_user) == [str(question.pk), answer["id"]]


def test_an_answer_to_all_drops_reply_to_for_teams_that_did_not_ask(
    team_user: User, other_team_user: User, judge_user: User, contest: Contest
) -> None:
    question = service.ask(user=team_user, contest=contest, text="Round?")
    response = _post({"reply_to_id": str(question.pk), "text": "Yes, all"}, judge_user)
    assert response.status_code == 201, response.content
    answer_id = response.json()["id"]
    seen = client_for(other_team_user).get(f"{URL}/{answer_id}").json()
    assert seen["reply_to_id"] is None and seen["to_team_ids"] is None
    asked = client_for(team_user).get(f"{URL}/{answer_id}").json()
    assert asked["reply_to_id"] == str(question.pk)
    assert client_for(other_team_user).get(f"{URL}/{question.pk}").status_code == 404


def test_a_judge_announces_to_a_group_and_withdrawn_messages_disappear(
    team_user: User, other_team_user: User, judge_user: User, contest: Contest
) -> None:
    from accounts.models import Category

    group = Category.objects.create(name="Students")
    team_user.team.category = group
    team_user.team.save()
    response = _post({"text": "Pizza", "to_group_ids": [str(group.pk)]}, judge_user)
    assert response.status_code == 201, response.content
    sent = response.json()
    assert sent["to_group_ids"] == [str(group.pk)] and sent["reply_to_id"] is None
    assert _ids(team_user) == [sent["id"]] and _ids(other_team_user) == []
    service.withdraw(message=Clarification.objects.get(pk=sent["id"]), judge=judge_user)
    assert _ids(team_user) == [] and _ids(judge_user) == []


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"text": "Hi", "from_team_id": "1"}, 400),
        ({"text": "Hi", "to_team_ids": ["1", "2"]}, 400),
        ({"text": "Hi", "to_team_ids": "1"}, 400),
        ({"text": "Hi", "to_team_ids": ["999999"]}, 404),
        ({"text": "Hi", "to_group_ids": ["999999"]}, 404),
        ({"text": "Hi", "reply_to_id": "999999"}, 404),
    ],
)
def test_bad_jury_input_gets_the_specs_error(
    judge_user: User, contest: Contest, body: object, status: int
) -> None:
    _refused(_post(body, judge_user), status)
    assert Clarification.objects.count() == 0


def test_a_judge_cannot_answer_a_question_to_another_team(
    team_user: User, other_team_user: User, judge_user: User, contest: Contest
) -> None:
    question = service.ask(user=team_user, contest=contest, text="Round?")
    body = {"reply_to_id": str(question.pk), "to_team_ids": [str(other_team_user.team_id)]}
    _refused(_post({**body, "text": "Yes"}, judge_user), 400)
