"""Hostile input to the API is a clear 4xx with the spec's error object, and stores nothing."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest
from django.test import Client

from accounts.models import User
from contest.models import Language, Problem
from judge.models import Judgement, Submission
from tests.api.conftest import PY_SOURCE, basic, zipped

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as Response

pytestmark = pytest.mark.django_db

URL = "/api/contests/test/submissions"


@pytest.fixture
def ready(problem: Problem, languages: dict[str, Language], team_user: User) -> Problem:
    return problem


def _post(data: str | bytes, **headers: str) -> Response:
    return Client().post(URL, data, content_type="application/json", **basic("alpha1"), **headers)


def _body(problem_id: str, name: str = "sum.py", language_id: str = "python3") -> str:
    return json.dumps(
        {
            "problem_id": problem_id,
            "language_id": language_id,
            "files": [{"data": zipped({name: PY_SOURCE})}],
        }
    )


def _assert_refused(response: Response, status: int) -> str:
    assert response.status_code == status, response.content
    payload = response.json()
    assert payload["code"] == status and payload["message"]
    assert Submission.objects.count() == 0 and Judgement.objects.count() == 0
    return str(payload["message"])


@pytest.mark.parametrize("problem_id", ["²", "\u0661", "1²", "99999999999999999999", "9" * 5000])
def test_a_problem_id_of_non_ascii_digits_is_unknown(ready: Problem, problem_id: str) -> None:
    # U+0661 is an Arabic-Indic one: int() reads it as 1, which must not name problem 1.
    message = _assert_refused(_post(_body(problem_id)), 400)
    assert "problem_id" in message


def test_an_arabic_indic_digit_does_not_name_the_problem_with_that_number(
    ready: Problem,
) -> None:
    arabic = "".join(chr(0x0660 + int(d)) for d in str(ready.pk))
    assert int(arabic) == ready.pk  # what isdigit() + int() used to accept
    _assert_refused(_post(_body(arabic)), 400)


@pytest.mark.parametrize("language_id", ["py\x00thon3", "\ud800", "x" * 1000])
def test_an_unprintable_language_id_is_refused(ready: Problem, language_id: str) -> None:
    _assert_refused(_post(_body(str(ready.pk), language_id=language_id)), 400)


@pytest.mark.parametrize("sid", ["²", "\u0661", "99999999999999999999", "9" * 5000])
@pytest.mark.parametrize("suffix", ["", "/files"])
def test_a_submission_id_of_non_ascii_digits_is_404(ready: Problem, sid: str, suffix: str) -> None:
    response = Client().get(f"{URL}/{sid}{suffix}", **basic("alpha1"))
    assert response.status_code == 404
    assert response.json()["code"] == 404


def test_the_arabic_indic_one_does_not_name_submission_one(ready: Problem) -> None:
    assert _post(_body(str(ready.pk))).status_code == 201
    sub = Submission.objects.get()
    arabic = "".join(chr(0x0660 + int(d)) for d in str(sub.pk))
    assert Client().get(f"{URL}/{sub.pk}", **basic("alpha1")).status_code == 200
    assert Client().get(f"{URL}/{arabic}", **basic("alpha1")).status_code == 404


def test_deeply_nested_json_is_400(ready: Problem) -> None:
    message = _assert_refused(_post("[" * 100_000 + "]" * 100_000), 400)
    assert "nested" in message
    _assert_refused(_post('{"a":' * 100_000 + "1" + "}" * 100_000), 400)


@pytest.mark.parametrize("path", ["/api/contests/%00", "/api/contests/test/problems/%00"])
def test_a_nul_in_an_api_url_is_a_json_400(path: str, ready: Problem) -> None:
    response = Client().get(path)
    assert response.status_code == 400
    assert response.json() == {"code": 400, "message": "the URL must not contain a NUL character"}


def test_a_nul_in_a_query_argument_is_400(ready: Problem) -> None:
    response = Client().get(f"{URL}?team_id=%00", **basic("alpha1"))
    assert response.status_code == 400


@pytest.mark.parametrize("name", ["sum\r\n.py", "su\nm.py", "a\x1b.py", "a\u2028.py"])
def test_a_file_name_with_a_line_break_or_control_character_is_refused(
    ready: Problem, name: str
) -> None:
    message = _assert_refused(_post(_body(str(ready.pk), name=name)), 400)
    assert "control characters" in message or "not valid" in message


def test_a_file_name_too_long_for_its_column_is_refused(ready: Problem) -> None:
    message = _assert_refused(_post(_body(str(ready.pk), name="a" * 300 + ".py")), 400)
    assert "too long" in message


def test_a_nul_in_the_basic_auth_username_is_401(ready: Problem) -> None:
    import base64

    token = base64.b64encode(b"alpha\x001:pw").decode()
    response = Client().get(URL, HTTP_AUTHORIZATION=f"Basic {token}")
    assert response.status_code == 401


def test_a_quote_in_the_file_name_is_escaped_in_the_zip_download(ready: Problem) -> None:
    assert _post(_body(str(ready.pk), name='a"b.py')).status_code == 201
    sub = Submission.objects.get()
    response = Client().get(f"{URL}/{sub.pk}/files", **basic("alpha1"))
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="files.zip"'
