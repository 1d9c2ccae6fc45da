"""Fuzzing the login form with Hypothesis: never a 5xx, whatever the fields hold."""

from __future__ import annotations

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from accounts.models import User

pytestmark = pytest.mark.django_db

form_text = st.text(st.characters(exclude_categories=["Cs"]), max_size=200) | st.sampled_from(
    ["alpha1", "\x00", "alpha1\x00", "²", "a" * 1000]
)


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(username=form_text, password=form_text)
def test_no_login_is_a_server_error(team_user: User, username: str, password: str) -> None:
    response = Client().post("/accounts/login/", {"username": username, "password": password})
    assert response.status_code in (200, 302)
