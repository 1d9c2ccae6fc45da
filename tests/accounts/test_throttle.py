"""Login rate limiting: failures lock an account or an address out, for twice as long at each
further failure; a success clears the account; an admin unlocks."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import Settings

from accounts import throttle
from accounts.models import LoginThrottle, ThrottleKind, User
from tests.api.conftest import basic

pytestmark = pytest.mark.django_db

LOGIN = "/accounts/login/"
LOCKED = "Too many failed logins"


def _login(username: str, password: str, address: str = "10.0.0.1") -> tuple[int, str]:
    client = Client(REMOTE_ADDR=address)
    response = client.post(LOGIN, {"username": username, "password": password})
    return response.status_code, response.content.decode()


def _fail(times: int, username: str = "alpha1", address: str = "10.0.0.1") -> None:
    for _ in range(times):
        status, html = _login(username, "wrong", address)
        assert status == 200 and LOCKED not in html


def test_five_failures_lock_the_account_even_for_the_right_password(team_user: User) -> None:
    _fail(5)
    status, html = _login("alpha1", "pw")
    assert status == 200 and LOCKED in html and "30 s" in html
    # From another address too: the account is locked, not only the address.
    assert LOCKED in _login("alpha1", "pw", address="10.9.9.9")[1]


def test_after_the_lockout_the_right_password_logs_in_and_clears_the_count(
    team_user: User,
) -> None:
    _fail(5)
    LoginThrottle.objects.update(locked_until=timezone.now() - timedelta(seconds=1))
    assert _login("alpha1", "pw")[0] == 302
    assert not LoginThrottle.objects.filter(kind=ThrottleKind.ACCOUNT).exists()
    # The address keeps its count: one valid account must not reset an address's guesses.
    assert LoginThrottle.objects.get(kind=ThrottleKind.ADDRESS).failures == 5


def test_each_further_failure_doubles_the_lockout(settings: Settings) -> None:
    settings.JUIZ_LOGIN_LOCKOUT_S, settings.JUIZ_LOGIN_LOCKOUT_MAX_S = 30, 3600
    assert [throttle.lockout_s(n, 5) for n in (4, 5, 6, 7, 8)] == [0, 30, 60, 120, 240]
    assert throttle.lockout_s(40, 5) == 3600
    assert throttle.lockout_s(10**9, 5) == 3600


def test_a_failure_during_a_lockout_extends_it(team_user: User) -> None:
    now = timezone.now()
    for i in range(6):
        throttle.record_failure("alpha1", "10.0.0.1", now=now + timedelta(seconds=i))
    row = LoginThrottle.objects.get(kind=ThrottleKind.ACCOUNT)
    assert row.failures == 6
    assert row.locked_until == now + timedelta(seconds=5 + 60)
    with pytest.raises(throttle.LockedOut) as locked:
        throttle.check("alpha1", "10.0.0.2", now=now + timedelta(seconds=6))
    assert locked.value.retry_after_s == 59


def test_an_old_count_starts_again(settings: Settings) -> None:
    long_ago = timezone.now() - timedelta(seconds=settings.JUIZ_LOGIN_LOCKOUT_MAX_S + 60)
    for _ in range(4):
        throttle.record_failure("alpha1", "10.0.0.1", now=long_ago)
    throttle.record_failure("alpha1", "10.0.0.1")
    assert LoginThrottle.objects.get(kind=ThrottleKind.ACCOUNT).failures == 1
    throttle.check("alpha1", "10.0.0.1")  # not locked


def test_an_address_guessing_many_accounts_is_locked_out(
    team_user: User, other_team_user: User, settings: Settings
) -> None:
    settings.JUIZ_LOGIN_ADDRESS_MAX_FAILURES = 4
    for name in ("a", "b", "c", "d"):
        _fail(1, username=name, address="10.6.6.6")
    assert LOCKED in _login("beta1", "pw", address="10.6.6.6")[1]
    assert _login("beta1", "pw", address="10.0.0.7")[0] == 302


def test_basic_auth_counts_failures_and_answers_429_with_retry_after(
    team_user: User, contest: object
) -> None:
    url = "/api/contests/test/submissions"
    for _ in range(5):
        assert Client().get(url, **basic("alpha1", "wrong")).status_code == 401
    response = Client().get(url, **basic("alpha1"))
    assert response.status_code == 429
    assert response["Retry-After"] == "30"
    assert response.json()["code"] == 429


def test_the_admin_unlocks_with_an_action(team_user: User, admin_user: User) -> None:
    _fail(5)
    client = Client()
    client.force_login(admin_user)
    rows = list(LoginThrottle.objects.values_list("pk", flat=True))
    response = client.post(
        reverse("admin:accounts_loginthrottle_changelist"),
        {"action": "unlock", "_selected_action": rows},
        follow=True,
    )
    assert response.status_code == 200
    assert not LoginThrottle.objects.exists()
    assert _login("alpha1", "pw")[0] == 302


def test_the_command_unlocks_an_account_an_address_or_all(team_user: User) -> None:
    _fail(5)
    out = io.StringIO()
    call_command("unlock_login", "alpha1", stdout=out)
    assert "Cleared 1" in out.getvalue()
    assert list(LoginThrottle.objects.values_list("kind", flat=True)) == ["address"]
    call_command("unlock_login", "--address", "10.0.0.1", stdout=out)
    assert not LoginThrottle.objects.exists()
    _fail(2)
    call_command("unlock_login", "--all", stdout=out)
    assert not LoginThrottle.objects.exists()
    with pytest.raises(CommandError):
        call_command("unlock_login")


def test_the_admin_login_is_throttled_too(admin_user: User) -> None:
    url = reverse("admin:login")
    for _ in range(5):
        response = Client().post(url, {"username": "admin", "password": "wrong"})
        assert response.status_code == 200 and LOCKED not in response.content.decode()
    response = Client().post(url, {"username": "admin", "password": "pw"})
    assert LOCKED in response.content.decode()


def test_a_right_password_refused_by_the_admin_is_not_counted(team_user: User) -> None:
    for _ in range(6):
        response = Client().post(reverse("admin:login"), {"username": "alpha1", "password": "pw"})
        assert response.status_code == 200  # not staff: refused, but no guess
    assert not LoginThrottle.objects.filter(kind=ThrottleKind.ACCOUNT).exists()
    assert _login("alpha1", "pw")[0] == 302
