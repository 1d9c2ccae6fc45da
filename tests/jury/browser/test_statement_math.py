"""The jury's statement preview typesets the statement's math with KaTeX, as the teams see it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from accounts.models import User
from contest.models import Problem
from tests.support.browser import PageAs, text_outside_math

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_statement_preview_typesets_math(
    page_as: PageAs, problem: Problem, judge_user: User
) -> None:
    problem.statement = r"Bounds: $1 \le n \le 10^5$."
    problem.save()
    page = page_as(judge_user)
    page.goto(f"/jury/problems/{problem.pk}/statement/")
    statement = page.locator(".statement")
    expect(statement.locator(".katex")).to_have_count(1)
    assert "\\le" not in text_outside_math(statement), "no raw TeX is left"
