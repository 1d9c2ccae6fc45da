"""POST contests/<id>/submissions: a team submits through the same service as the web form."""

from __future__ import annotations

import base64
import io
import json
import zipfile
from datetime import timedelta
from typing import TYPE_CHECKING

import pytest
from django.test import Client
from pytest_django import DjangoCaptureOnCommitCallbacks, Settings
from redis import Redis

from accounts.models import Team, User
from contest.models import Language, Problem
from judge.models import Judgement, JudgementState, Submission
from tests.api.conftest import PY_SOURCE, basic, client_for, zipped
from tests.api.schemas import assert_valid
from tests.support import factories

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as Response

pytestmark = pytest.mark.django_db

URL = "/api/contests/test/submissions"


@pytest.fixture
def ready(problem: Problem, languages: dict[str, Language], team_user: User) -> Problem:
    """Problem A, with the languages seeded and Alpha's member created."""
    return problem


def _body(problem: Problem, **overrides: object) -> dict[str, object]:
    body: dict[str, object] = {
        "problem_id": str(problem.pk),
        "language_id": "python3",
        "files": [{"data": zipped({"sum.py": PY_SOURCE})}],
    }
    body.update(overrides)
    return body


def _post(body: dict[str, object] | str, client: Client | None = None, **headers: str) -> Response:
    data = body if isinstance(body, str | bytes) else json.dumps(body)
    return (client or Client()).post(URL, data, content_type="application/json", **headers)


def _assert_refused(response: Response, status: int) -> str:
    assert response.status_code == status, response.content
    payload = response.json()
    assert payload["code"] == status and payload["message"]
    assert Submission.objects.count() == 0 and Judgement.objects.count() == 0
    return str(payload["message"])


def test_team_submits_with_basic_auth_and_the_judgement_is_queued(
    ready: Problem,
    team_user: User,
    redis_conn: Redis,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    import django_rq

    queue = django_rq.get_queue("judging")
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = _post(_body(ready, entry_point=None), **basic("alpha1"))
    assert response.status_code == 201, response.content
    created = response.json()
    assert_valid("submission.json", created)
    sub = Submission.objects.get()
    assert created["id"] == str(sub.pk) and created["team_id"] == str(team_user.team_id)
    assert response["Location"].endswith(f"/api/contests/test/submissions/{sub.pk}")
    assert (sub.filename, bytes(sub.source), sub.language_id) == ("sum.py", PY_SOURCE, "python3")
    assert sub.submitter == team_user
    judgement = sub.judgements.get()
    assert judgement.state == JudgementState.QUEUED
    assert len(callbacks) >= 1
    assert [job.args for job in queue.get_jobs()] == [(judgement.pk,)]
    # The Location answers with the same object, and the files are the submitted file.
    assert client_for(team_user).get(response["Location"]).json() == created


def test_team_may_name_its_own_team(ready: Problem, team_user: User) -> None:
    response = _post(_body(ready, team_id=str(team_user.team_id)), **basic("alpha1"))
    assert response.status_code == 201, response.content


def test_session_submission_needs_the_csrf_token(ready: Problem, team_user: User) -> None:
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(team_user)
    assert "CSRF" in _assert_refused(_post(_body(ready), strict), 403)
    # Basic auth carries no ambient credential, so it is exempt.
    response = _post(_body(ready), Client(enforce_csrf_checks=True), **basic("alpha1"))
    assert response.status_code == 201


def test_wrong_password_is_401(ready: Problem) -> None:
    response = _post(_body(ready), **basic("alpha1", "wrong"))
    _assert_refused(response, 401)
    assert response["WWW-Authenticate"].startswith("Basic")


def test_malformed_authorization_is_401(ready: Problem) -> None:
    _assert_refused(_post(_body(ready), HTTP_AUTHORIZATION="Basic !!!"), 401)


def test_anonymous_is_401(ready: Problem) -> None:
    _assert_refused(_post(_body(ready)), 401)


def test_judge_cannot_submit(ready: Problem, judge_user: User, team_user: User) -> None:
    _assert_refused(_post(_body(ready), **basic("judge")), 403)
    body = _body(ready, team_id=str(team_user.team_id))
    _assert_refused(_post(body, **basic("judge")), 403)


def test_team_cannot_submit_for_another_team(ready: Problem, other_team: Team) -> None:
    body = _body(ready, team_id=str(other_team.pk))
    assert "own team" in _assert_refused(_post(body, **basic("alpha1")), 403)


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        ({"files": [{"data": base64.b64encode(b"not a zip").decode()}]}, "zip"),
        ({"files": [{"data": "%%%"}]}, "base64"),
        ({"files": [{"data": zipped({"a.py": b"1", "b.py": b"2"})}]}, "entry point"),
        ({"files": [{"data": zipped({"../a.py": PY_SOURCE})}]}, "not usable"),
        (
            {"files": [{"data": zipped({"a.py": PY_SOURCE, "b.py": b"2"})}], "entry_point": "c.py"},
            "c.py",
        ),
        ({"files": [{"data": zipped({"a.py": PY_SOURCE}), "mime": "text/plain"}]}, "mime"),
        ({"files": []}, "exactly one"),
        ({"files": None}, "exactly one"),
        ({"problem_id": "999999"}, "problem"),
        ({"problem_id": "A"}, "problem"),
        ({"problem_id": None}, "problem_id"),
        ({"language_id": "cobol"}, "language"),
        ({"time": "2024-01-01T12:00:00.000+00:00"}, "time"),
        ({"id": "77"}, "id"),
        ({"entry_point": 3}, "entry_point"),
    ],
)
def test_bad_requests_are_400_and_store_nothing(
    ready: Problem, change: dict[str, object], needle: str
) -> None:
    message = _assert_refused(_post(_body(ready, **change), **basic("alpha1")), 400)
    assert needle in message


@pytest.mark.parametrize("raw", ["not json", "[1, 2]"])
def test_body_must_be_a_json_object(ready: Problem, raw: str) -> None:
    _assert_refused(_post(raw, **basic("alpha1")), 400)


def test_service_refusals_keep_their_message(ready: Problem) -> None:
    ready.source_size_kib = 1
    ready.save()
    big = PY_SOURCE + b"#" * 2048
    body = _body(ready, files=[{"data": zipped({"sum.py": big})}])
    assert "limit" in _assert_refused(_post(body, **basic("alpha1")), 400)


def test_no_submission_outside_the_contest(ready: Problem) -> None:
    contest = ready.contest
    contest.end = contest.start + timedelta(minutes=1)
    contest.save()
    assert "not running" in _assert_refused(_post(_body(ready), **basic("alpha1")), 403)


def test_problem_of_another_contest_is_refused(ready: Problem) -> None:
    other = factories.running_contest(short_name="other")
    foreign = factories.sum_problem(other)
    _assert_refused(_post(_body(ready, problem_id=str(foreign.pk)), **basic("alpha1")), 400)


def test_get_only_endpoints_refuse_post(ready: Problem) -> None:
    response = Client().post("/api/contests/test/problems", "{}", content_type="application/json")
    assert response.status_code == 405 and response.json()["code"] == 405
    assert response["Allow"] == "GET"


def test_oversized_body_is_413(ready: Problem, settings: Settings) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1024
    body = _body(ready, files=[{"data": zipped({"sum.py": PY_SOURCE + b"#" * 4096})}])
    _assert_refused(_post(body, **basic("alpha1")), 413)


def test_zip_bomb_is_refused_without_unpacking_it(ready: Problem) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("sum.py", b"#" * (17 * 1024 * 1024))
    body = _body(ready, files=[{"data": base64.b64encode(buffer.getvalue()).decode()}])
    assert "code limit" in _assert_refused(_post(body, **basic("alpha1")), 400)


def test_a_zip_of_several_files_is_one_program_with_its_entry_point(
    ready: Problem, team_user: User
) -> None:
    program = {"sol/main.py": b"from util import f\nprint(f())\n", "sol/util.py": b"def f(): 1\n"}
    response = _post(_body(ready, files=[{"data": zipped(program)}]), **basic("alpha1"))
    assert response.status_code == 201, response.content
    assert_valid("submission.json", response.json())
    assert response.json()["entry_point"] == "main.py"
    sub = Submission.objects.get()
    assert sub.program_files() == [
        ("main.py", program["sol/main.py"]),
        ("util.py", program["sol/util.py"]),
    ]
    files = client_for(team_user).get(f"{URL}/{sub.pk}/files")
    with zipfile.ZipFile(io.BytesIO(files.content)) as archive:
        assert sorted(archive.namelist()) == ["main.py", "util.py"]


def test_a_zip_over_the_code_limit_is_refused_before_it_is_unpacked(ready: Problem) -> None:
    ready.source_size_kib = 1
    ready.save()
    big = {"a.py": b"x = 1\n" * 200, "b.py": b"y = 2\n" * 200}  # 2.4 KiB unpacked, zipped tiny
    message = _assert_refused(
        _post(_body(ready, files=[{"data": zipped(big)}]), **basic("alpha1")), 400
    )
    assert "code limit" in message
