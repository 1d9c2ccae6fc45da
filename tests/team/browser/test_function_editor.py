"""A function problem in a real browser: the team sees the starter in CodeMirror, switches
language (a language whose reference failed cannot be run or submitted), edits, Runs with a
custom input and reads per-case results, then Submits and sees the pending verdict arrive."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from redis import Redis

from accounts.models import User
from contest.models import Contest, Language, Problem
from judge.models import CoverageState, LanguageCoverage
from judge.services.coverage import import_function_problem
from judging.functions.casefile import Case
from tests.support.browser import PageAs, Shot
from tests.support.burst_worker import burst

pytestmark = [
    pytest.mark.browser,
    pytest.mark.sandbox,
    pytest.mark.worker,
    pytest.mark.django_db(transaction=True),
]

TWO_SUM_PY = """def twoSum(nums, target):
    seen = {}
    for i, x in enumerate(nums):
        if target - x in seen:
            return [seen[target - x], i]
        seen[x] = i
"""


@pytest.fixture
def two_sum(contest: Contest, languages: dict[str, Language], redis_conn: Redis) -> Problem:
    """two-sum with its coverage set by hand (verification has its own tests): judged in
    Python and JavaScript, Java's reference "fails"."""
    problem = import_function_problem(contest, "two-sum")
    redis_conn.flushdb()  # the verification jobs: not what this test is about
    coverage = LanguageCoverage.objects.filter(problem=problem)
    coverage.update(state=CoverageState.FAILED, detail="reference: Wrong Answer")
    coverage.filter(language_id__in=["python3", "javascript"]).update(state=CoverageState.VERIFIED)
    return problem


def test_team_edits_runs_and_submits(
    page_as: PageAs, shot: Shot, two_sum: Problem, team_user: User
) -> None:
    page = page_as(team_user)
    page.goto(f"/problems/{two_sum.letter}/")
    code = page.locator("#function-editor .CodeMirror-code")
    expect(code).to_contain_text("def twoSum")
    expect(page.locator('#coverage tr[data-language="java"]')).to_contain_text("not open")

    page.select_option("#fn-language", "javascript")
    expect(code).not_to_contain_text("def twoSum")
    expect(code).to_contain_text("twoSum")
    page.select_option("#fn-language", "java")
    expect(page.locator("#fn-language-note")).to_contain_text("not open")
    expect(page.locator("#fn-run")).to_be_disabled()
    expect(page.locator("#fn-submit")).to_be_disabled()

    page.select_option("#fn-language", "python3")
    page.locator("#function-editor .CodeMirror").click()
    page.keyboard.press("Control+A")
    page.keyboard.insert_text(TWO_SUM_PY)
    expect(code).to_contain_text("seen[x] = i")
    page.fill("#fn-custom", "[[1, 5, 9], 14]")
    page.click("#fn-run")
    expect(page.locator("#fn-status")).to_contain_text("Waiting")
    burst("runs")
    rows = page.locator("#fn-run-results tr.run-case")
    visible = sum(1 for case in _cases(two_sum) if not case.hidden)
    expect(rows).to_have_count(visible + 1)
    expect(rows.last).to_contain_text("[1,2]")
    expect(page.locator('#fn-run-results tr.run-case[data-status="Accepted"]')).to_have_count(
        visible + 1
    )
    shot(page, "function-run")

    page.click("#fn-submit")
    expect(page.locator("#fn-submission")).to_contain_text("Submission #")
    expect(page.locator("#fn-submission .state")).to_have_text("queued")
    burst("judging")
    expect(page.locator("#fn-submission .verdict").first).to_have_text("Accepted")
    expect(page.locator("#fn-submission .state")).to_have_text("pending")
    shot(page, "function-submitted")

    page.reload()  # the draft survived in localStorage, kept per contest, problem and language
    expect(code).to_contain_text("seen[x] = i")
    key = f"juiz:draft:editor:{two_sum.contest_id}:{two_sum.pk}:python3"
    assert "seen[x] = i" in page.evaluate("key => localStorage.getItem(key)", key)


def _cases(problem: Problem) -> tuple[Case, ...]:
    from contest.testdata import function_problem

    return function_problem(problem).cases
