"""Hostile input to the jury pages is a clear 4xx page, never a server error."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from contest.models import Problem

pytestmark = pytest.mark.django_db


def _client(user: User) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


@pytest.mark.parametrize("wanted", ["²", "\u0661", "9" * 5000, "99999999999999999999"])
def test_a_contest_number_of_non_ascii_digits_falls_back_to_the_current_contest(
    problem: Problem, judge_user: User, wanted: str
) -> None:
    response = _client(judge_user).get(reverse("jury:home"), {"contest": wanted})
    assert response.status_code == 200


def test_a_quote_in_a_test_name_is_escaped_in_the_download_header(
    problem: Problem, judge_user: User
) -> None:
    case = problem.tests.get(order=1)
    case.name = 'sample/"1"'
    case.save()
    response = _client(judge_user).get(reverse("jury:test_data", args=[case.pk, "in"]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'inline; filename="A-sample-\\"1\\".in"'
