"""The submit form keeps a pasted program as a draft in localStorage, per contest, problem and
language: a reload restores it (selects and file name included), each problem keeps its own,
and a successful submit removes the draft it sent, not the others."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from redis import Redis

from accounts.models import User
from contest.models import Language, Problem
from judge.models import Submission
from tests.support import factories
from tests.support.browser import PageAs

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SUM_PY = "a, b = map(int, input().split())\nprint(a + b)\n"
OTHER_PY = "print(sum(map(int, input().split())))\n"


@pytest.fixture
def second(problem: Problem) -> Problem:
    return factories.sum_problem(problem.contest, letter="B")


def _draft_keys(page: Page) -> list[str]:
    keys = page.evaluate("Object.keys(localStorage)")
    return sorted(key for key in keys if key.startswith("juiz:draft:"))


def test_a_pasted_program_survives_a_reload(
    page_as: PageAs, problem: Problem, languages: dict[str, Language], team_user: User
) -> None:
    page = page_as(team_user)
    page.goto(f"/submit/?problem={problem.pk}")
    page.select_option("#id_language", "python3")
    page.fill("#id_filename", "sum.py")
    page.fill("#id_code", SUM_PY)
    key = f"juiz:draft:submit:{problem.contest_id}:{problem.pk}:python3"
    assert _draft_keys(page) == [key]

    page.reload()
    expect(page.locator("#id_code")).to_have_value(SUM_PY)
    expect(page.locator("#id_language")).to_have_value("python3")
    expect(page.locator("#id_filename")).to_have_value("sum.py")

    page.goto("/submit/")  # no problem chosen: the contest's newest draft, selects included
    expect(page.locator("#id_problem")).to_have_value(str(problem.pk))
    expect(page.locator("#id_code")).to_have_value(SUM_PY)


def test_each_problem_keeps_its_draft_and_a_submit_clears_only_its_own(
    page_as: PageAs,
    problem: Problem,
    second: Problem,
    languages: dict[str, Language],
    team_user: User,
    redis_conn: Redis,
) -> None:
    page = page_as(team_user)
    page.goto(f"/submit/?problem={problem.pk}")
    page.select_option("#id_language", "python3")
    page.fill("#id_code", SUM_PY)
    page.goto(f"/submit/?problem={second.pk}")
    expect(page.locator("#id_code")).to_have_value("")  # B has no draft yet
    page.select_option("#id_language", "python3")
    page.fill("#id_code", OTHER_PY)
    page.goto(f"/submit/?problem={problem.pk}")
    expect(page.locator("#id_code")).to_have_value(SUM_PY)

    page.click("main form button[type=submit]")
    page.wait_for_url("**/submissions/**")
    expect(page.locator(".msg-success")).to_contain_text("received")
    assert Submission.objects.get().problem == problem
    assert _draft_keys(page) == [f"juiz:draft:submit:{problem.contest_id}:{second.pk}:python3"]
    assert "submitted=" not in page.url  # a reload of the list clears nothing more

    page.goto(f"/submit/?problem={problem.pk}")
    expect(page.locator("#id_code")).to_have_value("")
    page.goto(f"/submit/?problem={second.pk}")
    expect(page.locator("#id_code")).to_have_value(OTHER_PY)
    redis_conn.flushdb()  # the queued judgement: no worker in this test


def test_a_refused_submit_keeps_the_draft(
    page_as: PageAs, problem: Problem, languages: dict[str, Language], team_user: User
) -> None:
    page = page_as(team_user)
    page.goto(f"/submit/?problem={problem.pk}")
    page.fill("#id_code", SUM_PY)  # no name and no language: refused
    page.click("main form button[type=submit]")
    expect(page.locator(".errorlist")).to_contain_text("Name the pasted program")
    page.goto(f"/submit/?problem={problem.pk}")
    expect(page.locator("#id_code")).to_have_value(SUM_PY)
    assert len(_draft_keys(page)) == 1
