"""In chromium: the jury's statistics page draws each chart with the vendored Chart.js from its
JSON data, and the heat map; the awards page stays closed to a team until a judge unfreezes
the board, then shows the team its medal."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from accounts.models import User
from contest.models import Contest
from scoreboard import services
from tests.support import factories
from tests.support.browser import PageAs, Shot
from tests.support.scoreboard import problem, submit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHARTS = ("submissions", "verdicts-problem", "verdicts-language", "first-accepts", "judging")


def test_the_statistics_page_draws_every_chart(
    page_as: PageAs, contest: Contest, judge_user: User, shot: Shot
) -> None:
    alpha, beta = factories.team("Alpha"), factories.team("Beta")
    a, b = problem(contest, "A"), problem(contest, "B")
    submit(contest, alpha, a, 5, "final", "Wrong Answer")
    submit(contest, alpha, a, 9, "final", "Accepted")
    submit(contest, beta, b, 20, "final", "Time Limit Exceeded")
    page = page_as(judge_user)
    page.goto(f"/jury/statistics/?contest={contest.pk}")
    page.wait_for_selector("[data-statistics][data-ready='1']")
    assert page.locator("[data-stats-error]").is_hidden()
    for key in CHARTS:
        datasets = page.evaluate(
            "(key) => Chart.getChart(document.querySelector(`[data-chart='${key}']`))"
            ".data.datasets.length",
            key,
        )
        assert datasets >= 1, key
    verdicts = page.evaluate(
        "Chart.getChart(document.querySelector(\"[data-chart='verdicts-problem']\"))"
        ".data.datasets.map(d => d.label)"
    )
    assert set(verdicts) == {"Wrong Answer", "Accepted", "Time Limit Exceeded"}
    cell = page.locator(".heatmap tbody tr", has_text="Alpha").locator("td").first
    expect(cell).to_have_attribute("data-tries", "2")
    expect(cell).to_contain_text("2 · 9m")
    page.select_option("[data-stats-problem]", "B")  # the chart drawn again for B alone
    labels = page.evaluate(
        "Chart.getChart(document.querySelector(\"[data-chart='submissions']\"))"
        ".data.datasets.filter(d => d.data.some(n => n > 0)).map(d => d.label)"
    )
    assert labels == ["Time Limit Exceeded"]
    shot(page, "jury-statistics")


def test_a_team_sees_the_awards_once_a_judge_unfreezes(
    page_as: PageAs, judge_user: User, shot: Shot
) -> None:
    now = timezone.now()
    contest = factories.running_contest(
        start=now - timedelta(hours=5),
        freeze_start=now - timedelta(hours=2),
        end=now - timedelta(hours=1),
        gold_medals=1,
    )
    alpha = factories.team("Alpha")
    member = factories.user("alpha1", role="team", team=alpha)
    submit(contest, alpha, problem(contest, "A"), 200, "final", "Accepted")  # during the freeze
    services.rebuild(contest)

    team_page = page_as(member)
    team_page.goto(f"/scoreboard/awards/?contest={contest.pk}")
    expect(team_page.locator("[data-awards-later]")).to_be_visible()

    jury_page = page_as(judge_user)
    jury_page.goto(f"/scoreboard/jury/?contest={contest.pk}")
    jury_page.click("text=Publish final results (unfreeze)")
    jury_page.wait_for_selector("text=The final results are public.")

    team_page.reload()
    gold = team_page.locator('[data-award="gold-medal"]')
    expect(gold).to_contain_text("Alpha")
    expect(team_page.locator('[data-award="winner"]')).to_contain_text("Alpha")
    shot(team_page, "awards-after-unfreeze")
