"""A statement's LaTeX is typeset by KaTeX in chromium, from the vendored copy (no network):
inline and display math become .katex elements, the raw TeX is gone, a price stays text."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from accounts.models import User
from contest.models import Problem
from tests.support.browser import PageAs, Shot, text_outside_math

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

STATEMENT = r"""Read two integers $0 < a, b \le 10^6$ and print \(a + b\).

$$
\sum_{i=1}^{n} a_i
$$

A ticket costs \$5."""


@pytest.fixture
def math_problem(problem: Problem) -> Problem:
    problem.statement = STATEMENT
    problem.save()
    return problem


def test_a_team_sees_the_statements_math_typeset(
    page_as: PageAs, shot: Shot, math_problem: Problem, team_user: User
) -> None:
    page = page_as(team_user)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(f"/problems/{math_problem.letter}/")
    statement = page.locator("article.statement")
    expect(statement.locator(".katex")).to_have_count(3)
    expect(statement.locator(".katex-display")).to_have_count(1)
    expect(statement.locator(".katex-error")).to_have_count(0)
    assert "\\le" not in text_outside_math(statement), "no raw TeX is left"
    expect(statement).to_contain_text("A ticket costs $5.")
    live = page.url.split("/problems/")[0]
    assert all(url.startswith(live) for url in requests), "KaTeX is served from this server"
    shot(page, "statement-math")
