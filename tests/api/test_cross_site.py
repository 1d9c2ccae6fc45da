"""A browser's cached basic credentials cannot be used by another site's page to submit."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from accounts.models import User
from contest.models import Language, Problem
from judge.models import Submission
from tests.api.conftest import PY_SOURCE, basic, zipped

pytestmark = pytest.mark.django_db

URL = "/api/contests/test/submissions"


@pytest.fixture
def body(problem: Problem, languages: dict[str, Language], team_user: User) -> str:
    return json.dumps(
        {
            "problem_id": str(problem.pk),
            "language_id": "python3",
            "files": [{"data": zipped({"sum.py": PY_SOURCE})}],
        }
    )


@pytest.mark.parametrize(
    "content_type",
    ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""],
)
def test_a_write_that_is_not_json_is_415(body: str, content_type: str) -> None:
    # What a cross-origin HTML form can send, with the credentials the browser cached.
    response = Client().generic("POST", URL, body, content_type=content_type, **basic("alpha1"))
    assert response.status_code == 415, response.content
    assert response.json()["code"] == 415
    assert Submission.objects.count() == 0


@pytest.mark.parametrize(
    "headers",
    [
        {"HTTP_ORIGIN": "https://evil.example"},
        {"HTTP_ORIGIN": "null"},
        {"HTTP_SEC_FETCH_SITE": "cross-site"},
        {"HTTP_SEC_FETCH_SITE": "same-site", "HTTP_ORIGIN": "http://testserver"},
    ],
)
def test_a_basic_auth_write_from_another_sites_page_is_403(
    body: str, headers: dict[str, str]
) -> None:
    response = Client().post(
        URL, body, content_type="application/json", **basic("alpha1"), **headers
    )
    assert response.status_code == 403, response.content
    assert "another site" in response.json()["message"]
    assert Submission.objects.count() == 0


@pytest.mark.parametrize(
    "headers",
    [{}, {"HTTP_ORIGIN": "http://testserver"}, {"HTTP_SEC_FETCH_SITE": "same-origin"}],
)
def test_a_json_write_from_a_client_or_the_same_origin_is_accepted(
    body: str, headers: dict[str, str]
) -> None:
    response = Client().post(
        URL, body, content_type="application/json; charset=utf-8", **basic("alpha1"), **headers
    )
    assert response.status_code == 201, response.content
    assert Submission.objects.count() == 1


def test_reads_need_no_content_type(body: str) -> None:
    assert (
        Client().get(URL, HTTP_ORIGIN="https://evil.example", **basic("alpha1")).status_code == 200
    )
