"""Team pages render for every role, and phases are shown."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from contest.models import Language, Problem
from tests.support import factories

pytestmark = pytest.mark.django_db


def _client(user: User | None = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_the_home_page_says_when_there_is_no_contest() -> None:
    response = _client().get(reverse("team:home"))
    assert response.status_code == 200
    assert b"No contest yet" in response.content


def test_home_shows_phase_countdown_and_problems(problem: Problem, team_user: User) -> None:
    response = _client(team_user).get(reverse("team:home"))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Running" in html
    assert 'data-countdown="' in html  # the JS ticks it; the server already wrote the time
    assert "left" in html
    assert reverse("team:problem", args=["A"]) in html
    assert reverse("team:submit") in html


def test_problems_stay_hidden_and_the_home_page_counts_down_before_the_start(
    languages: dict[str, Language],
) -> None:
    now = timezone.now()
    contest = factories.running_contest(
        start=now + timedelta(hours=1), end=now + timedelta(hours=3)
    )
    factories.sum_problem(contest)
    client = _client()
    assert b"appear when the contest starts" in client.get(reverse("team:problems")).content
    assert client.get(reverse("team:problem", args=["A"])).status_code == 404
    assert b"starts in" in client.get(reverse("team:home")).content


def test_statement_is_markdown_with_samples(problem: Problem) -> None:
    problem.statement = "Some *emphasis*.\n\n| a | b |\n|---|---|\n| 1 | 2 |"
    problem.save()
    html = _client().get(reverse("team:problem", args=["A"])).content.decode()
    assert "<em>emphasis</em>" in html
    assert "<table>" in html
    assert "1 2" in html  # the sample input
    assert "40 2" not in html  # never a secret test


def test_the_navigation_offers_each_role_its_own_links(
    problem: Problem, team_user: User, judge_user: User, admin_user: User
) -> None:
    anonymous = _client().get(reverse("team:home")).content.decode()
    assert reverse("accounts:login") in anonymous
    assert reverse("team:submit") not in anonymous
    team = _client(team_user).get(reverse("team:home")).content.decode()
    assert reverse("team:submissions") in team
    assert reverse("admin:index") not in team
    admin = _client(admin_user).get(reverse("team:home")).content.decode()
    assert reverse("admin:index") in admin
    assert reverse("team:submit") not in admin  # no team: nothing to submit as
