"""Every page that shows a statement loads the vendored KaTeX and hands it the statement's math
in spans of its own: the team's problem page, a function problem's page, the jury's preview.
(chromium typesets it in tests/team/browser/test_statement_math.py.)"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from contest.models import Problem

pytestmark = pytest.mark.django_db

ASSETS = (
    "/static/vendor/katex/katex.min.css",
    "/static/vendor/katex/katex.min.js",
    "/static/vendor/katex/contrib/auto-render.min.js",
    "/static/math.js",
)


def _page(user: User, url: str, problem: Problem) -> str:
    problem.statement = r"Bounds: $1 \le n$."
    problem.save()
    client = Client()
    client.force_login(user)
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert all(asset in html for asset in ASSETS)
    assert r'<span class="math">$1 \le n$</span>' in html
    return html


def test_the_team_problem_page_hands_its_math_to_katex(problem: Problem, team_user: User) -> None:
    _page(team_user, reverse("team:problem", args=[problem.letter]), problem)


def test_a_function_problem_page_hands_its_math_to_katex(fn: Problem, team_user: User) -> None:
    _page(team_user, reverse("team:problem", args=[fn.letter]), fn)


def test_the_jury_statement_preview_hands_its_math_to_katex(
    problem: Problem, judge_user: User
) -> None:
    _page(judge_user, reverse("jury:statement", args=[problem.pk]), problem)
