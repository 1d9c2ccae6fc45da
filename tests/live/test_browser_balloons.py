"""In Debian's chromium against a running daphne: two runners have the balloon list open; a
team's submission is judged Accepted (the results service the worker calls stores the report),
the balloon appears on both pages without a reload, one runner marks it delivered, and the
other runner's page shows it delivered without a reload."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from contest.models import Contest, Problem
from judging.classification import Classification
from scoreboard.models import Balloon
from tests.live.test_browser_live import TIMEOUT_MS, chromium
from tests.live.threads import in_thread
from tests.support import builders, factories
from tests.support.daphne import daphne, session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]


def _open(browser: Browser, address: str, path: str, cookie: str) -> Page:
    context = browser.new_context(base_url=f"http://{address}")
    context.set_default_timeout(TIMEOUT_MS)
    context.add_cookies([{"name": "sessionid", "value": cookie, "url": f"http://{address}"}])
    page = context.new_page()
    page.goto(path)
    page.wait_for_selector("[data-live-stream]", state="attached")
    page.wait_for_function("window.JuizLive && window.JuizLive.connected === true")
    page.evaluate("window.__notReloaded = true")
    return page


def test_a_runner_sees_a_balloon_appear_and_another_sees_it_delivered() -> None:
    factories.seed_languages()
    contest = factories.running_contest()
    problem = factories.sum_problem(contest)
    problem.balloon_colour, problem.balloon_hex = "Red", "#d32f2f"
    problem.save()
    team = factories.team("Alpha", location="Room 1, desk 7")
    member = factories.user("alpha1", role="team", team=team)
    cookies = [session_cookie(factories.user(f"runner{i}", role="runner")) for i in (1, 2)]
    in_thread(_deliver, contest, problem, member, cookies)


def _deliver(contest: Contest, problem: Problem, member: object, cookies: list[str]) -> None:
    path = f"/jury/balloons/?contest={contest.pk}"
    with daphne() as address, chromium() as browser:
        first, second = (_open(browser, address, path, cookie) for cookie in cookies)
        assert "No balloons yet." in first.inner_text("tbody[data-live-balloons]")

        in_thread(lambda: builders.judged(member, problem, Classification.ACCEPTED))  # type: ignore[arg-type]
        for page in (first, second):
            row = page.wait_for_selector("tbody[data-live-balloons] tr[data-balloon-id]")
            text = row.inner_text()
            assert "Alpha" in text and "Room 1, desk 7" in text and "Red" in text
            assert "First to solve" in text
            assert page.evaluate("window.__notReloaded") is True

        first.click("button[data-deliver]")  # a form: this page reloads with the message
        first.wait_for_selector("text=Balloon delivered.")
        assert "Delivered by runner1" in first.inner_text("tbody[data-live-balloons]")

        second.wait_for_selector("tr.delivered >> text=Delivered by runner1")
        assert second.evaluate("window.__notReloaded") is True
        assert second.query_selector("button[data-deliver]") is None
    balloon = in_thread(lambda: Balloon.objects.select_related("delivered_by").get())
    assert balloon.delivered_by is not None and balloon.delivered_by.username == "runner1"
