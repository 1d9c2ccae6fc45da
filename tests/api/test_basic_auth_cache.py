"""A successful basic-auth check is remembered briefly, and safely: a changed password, a
deactivated account or a wrong password is never let in by the memory."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.test import Client
from pytest_django import Settings

from accounts import basic_auth
from accounts.models import User
from contest.models import Problem
from tests.api.conftest import basic

pytestmark = pytest.mark.django_db

URL = "/api/contests/test/submissions"


@pytest.fixture
def password_checks(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The usernames Django's real authenticate() was called for (it still runs)."""
    calls: list[str] = []
    real: Callable[..., Any] = basic_auth.authenticate

    def counting(request: Any, **credentials: Any) -> Any:
        calls.append(credentials["username"])
        return real(request, **credentials)

    basic_auth.forget_all()
    monkeypatch.setattr(basic_auth, "authenticate", counting)
    yield calls
    basic_auth.forget_all()


def _get(username: str, password: str = "pw") -> int:
    return Client().get(URL, **basic(username, password)).status_code


def test_a_second_request_does_not_hash_the_password_again(
    problem: Problem, team_user: User, password_checks: list[str]
) -> None:
    assert [_get("alpha1") for _ in range(3)] == [200, 200, 200]
    assert password_checks == ["alpha1"]


def test_a_wrong_password_is_checked_every_time(
    problem: Problem, team_user: User, password_checks: list[str]
) -> None:
    assert _get("alpha1") == 200
    assert [_get("alpha1", "nope"), _get("alpha1", "nope")] == [401, 401]
    assert password_checks == ["alpha1"] * 3


def test_a_changed_password_voids_the_memory_at_once(
    problem: Problem, team_user: User, password_checks: list[str]
) -> None:
    assert _get("alpha1") == 200
    team_user.set_password("new")
    team_user.save()
    assert _get("alpha1") == 401
    assert _get("alpha1", "new") == 200


def test_a_deactivated_account_is_refused_despite_the_memory(
    problem: Problem, team_user: User, password_checks: list[str]
) -> None:
    assert _get("alpha1") == 200
    User.objects.filter(pk=team_user.pk).update(is_active=False)
    assert _get("alpha1") == 401


def test_the_memory_expires(
    problem: Problem, team_user: User, password_checks: list[str], settings: Settings
) -> None:
    settings.JUIZ_BASIC_AUTH_CACHE_S = 1
    assert _get("alpha1") == 200
    assert _get("alpha1") == 200
    time.sleep(1.2)
    assert _get("alpha1") == 200
    assert password_checks == ["alpha1", "alpha1"]


def test_no_memory_when_switched_off(
    problem: Problem, team_user: User, password_checks: list[str], settings: Settings
) -> None:
    settings.JUIZ_BASIC_AUTH_CACHE_S = 0
    assert [_get("alpha1"), _get("alpha1")] == [200, 200]
    assert password_checks == ["alpha1", "alpha1"]


def test_the_memory_key_holds_neither_the_password_nor_a_plain_hash_of_it(
    team_user: User,
) -> None:
    import hashlib

    key = basic_auth._key(team_user, "pw")
    assert "pw" not in key
    assert key != hashlib.sha256(b"pw").hexdigest()
    assert key != basic_auth._key(team_user, "pw2")
