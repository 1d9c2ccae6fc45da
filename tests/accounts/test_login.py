"""Logging in and out through the login form."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User

pytestmark = pytest.mark.django_db


def test_a_team_member_logs_in_and_out(team_user: User) -> None:
    client = Client()
    response = client.post(reverse("accounts:login"), {"username": "alpha1", "password": "pw"})
    assert response.status_code == 302
    assert client.get(reverse("team:submissions")).status_code == 200
    client.post(reverse("accounts:logout"))
    assert client.get(reverse("team:submissions")).status_code == 302


def test_bad_login_says_so(team_user: User) -> None:
    response = Client().post(reverse("accounts:login"), {"username": "alpha1", "password": "no"})
    assert response.status_code == 200
    assert b"Please enter a correct" in response.content
