"""API tokens: `Authorization: Bearer <token>`, stored hashed, created and revoked by their
owner (page, command) or an admin."""

from __future__ import annotations

import hashlib
import io
import json

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from accounts.models import ApiToken, User
from accounts.tokens import token_create
from contest.models import Language, Problem
from judge.models import Submission
from tests.api.conftest import PY_SOURCE, client_for, zipped

pytestmark = pytest.mark.django_db

URL = "/api/contests/test/submissions"


def bearer(token: str) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Bearer {token}"}


def _body(problem: Problem) -> str:
    files = [{"data": zipped({"sum.py": PY_SOURCE})}]
    return json.dumps({"problem_id": str(problem.pk), "language_id": "python3", "files": files})


def _command_token(username: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    call_command("api_token", username, "--name", "ci", stdout=out, stderr=err)
    assert "not shown again" in err.getvalue()
    return out.getvalue().strip()


@pytest.fixture
def ready(problem: Problem, languages: dict[str, Language], team_user: User) -> Problem:
    return problem


def test_a_team_submits_with_a_token_from_the_command(ready: Problem, team_user: User) -> None:
    token = _command_token("alpha1")
    client = Client(enforce_csrf_checks=True)  # a token, like basic auth, needs no CSRF token
    response = client.post(URL, _body(ready), content_type="application/json", **bearer(token))
    assert response.status_code == 201, response.content
    assert Submission.objects.get().submitter == team_user
    listed = Client().get(URL, **bearer(token)).json()
    assert [s["id"] for s in listed] == [str(Submission.objects.get().pk)]


def test_only_the_sha256_of_the_token_is_stored(team_user: User) -> None:
    token, plain = token_create(user=team_user, name="x")
    token.refresh_from_db()
    assert token.digest == hashlib.sha256(plain.encode()).hexdigest()
    assert plain not in {token.digest, token.prefix, token.name}
    assert plain.startswith(token.prefix) and len(plain) > 40


@pytest.mark.parametrize("sent", ["juiz_wrong", "wrong", "", "juiz_\x00"])
def test_an_unknown_token_is_401_and_never_anonymous(ready: Problem, sent: str) -> None:
    response = Client().get(URL, **bearer(sent))
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Bearer"
    assert response.json()["code"] == 401


def test_a_revoked_token_or_an_inactive_user_is_401(ready: Problem, team_user: User) -> None:
    token, plain = token_create(user=team_user)
    assert Client().get(URL, **bearer(plain)).status_code == 200
    team_user.is_active = False
    team_user.save()
    assert Client().get(URL, **bearer(plain)).status_code == 401
    team_user.is_active = True
    team_user.save()
    call_command("api_token", "alpha1", "--revoke", str(token.pk), stdout=io.StringIO())
    assert Client().get(URL, **bearer(plain)).status_code == 401


def test_using_a_token_records_when(ready: Problem, team_user: User) -> None:
    token, plain = token_create(user=team_user)
    assert token.last_used_at is None
    Client().get(URL, **bearer(plain))
    token.refresh_from_db()
    assert token.last_used_at is not None


def test_a_user_creates_a_token_shown_once_and_revokes_it(team_user: User) -> None:
    client = client_for(team_user)
    response = client.post(reverse("accounts:tokens"), {"name": "my laptop"})
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    token = ApiToken.objects.get(user=team_user)
    plain = response.context["plain"]
    assert hashlib.sha256(plain.encode()).hexdigest() == token.digest
    assert plain in response.content.decode()
    again = client.get(reverse("accounts:tokens")).content.decode()
    assert plain not in again and token.prefix in again and "my laptop" in again
    client.post(reverse("accounts:revoke_token", args=[token.pk]))
    assert not ApiToken.objects.exists()


def test_a_user_cannot_revoke_another_users_token(team_user: User, other_team_user: User) -> None:
    token, _ = token_create(user=other_team_user)
    response = client_for(team_user).post(reverse("accounts:revoke_token", args=[token.pk]))
    assert response.status_code == 404
    assert ApiToken.objects.filter(pk=token.pk).exists()


def test_the_token_page_needs_a_login() -> None:
    assert Client().get(reverse("accounts:tokens")).status_code == 302


def test_the_header_links_to_the_token_page_once_logged_in(team_user: User) -> None:
    link = f'href="{reverse("accounts:tokens")}"'
    assert link in client_for(team_user).get(reverse("team:home")).content.decode()
    assert link not in Client().get(reverse("team:home")).content.decode()


def test_an_admin_creates_a_token_for_a_user_in_the_admin(
    admin_user: User, team_user: User
) -> None:
    client = client_for(admin_user)
    response = client.post(
        reverse("admin:accounts_apitoken_add"),
        {"user": team_user.pk, "name": "scoreboard"},
        follow=True,
    )
    assert response.status_code == 200
    token = ApiToken.objects.get()
    assert (token.user, token.name) == (team_user, "scoreboard")
    shown = [str(m) for m in response.context["messages"]]
    plain = next(m.rsplit(" ", 1)[-1] for m in shown if "shown only now" in m)
    assert hashlib.sha256(plain.encode()).hexdigest() == token.digest


def test_the_command_lists_tokens_without_their_secret(team_user: User) -> None:
    _, plain = token_create(user=team_user, name="ci")
    out = io.StringIO()
    call_command("api_token", "alpha1", "--list", stdout=out)
    assert "ci" in out.getvalue() and plain not in out.getvalue()
