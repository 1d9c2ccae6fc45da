"""In Debian's chromium against a running daphne: a team in two running contests switches
from one to the other with the header's switcher, and its pages (and its live stream) stay in
the contest it chose."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from contest.models import Contest
from tests.live.test_browser_clarifications import _open
from tests.live.test_browser_live import chromium
from tests.live.threads import in_thread
from tests.support import contests, factories
from tests.support.daphne import daphne, session_cookie
from tests.support.scoreboard import problem

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]


def test_a_team_in_two_contests_switches_and_its_pages_stay_in_its_choice() -> None:
    both = factories.team("Both")
    north = contests.restricted("north", both, factories.team("Nord"), started_hours_ago=1)
    south = contests.restricted("south", both, factories.team("Sud"), started_hours_ago=3)
    for contest, name in ((north, "Northern lights"), (south, "Southern cross")):
        made = problem(contest, "A")
        made.name = name
        made.save()
    cookie = session_cookie(factories.user("both1", role="team", team=both))
    in_thread(_switch, north, south, cookie)


def _switch(north: Contest, south: Contest, cookie: str) -> None:
    with daphne() as address, chromium() as browser:
        page = _open(browser, address, "/problems/", cookie)
        _assert_in(page, south, "Southern cross", "Northern lights")  # first started: default

        with page.expect_navigation():
            page.select_option("[data-contest-switcher] select", str(north.pk))
        assert page.url.endswith("/problems/")
        _assert_in(page, north, "Northern lights", "Southern cross")
        page.wait_for_function("window.JuizLive && window.JuizLive.connected === true")

        page.goto("/scoreboard/")
        assert "Nord" in page.inner_text("main") and "Sud" not in page.inner_text("main")
        page.goto("/")
        _assert_in(page, north, "Northern lights", "Southern cross")

        with page.expect_navigation():
            page.select_option("[data-contest-switcher] select", str(south.pk))
        page.goto("/problems/")
        _assert_in(page, south, "Southern cross", "Northern lights")


def _assert_in(page: Page, contest: Contest, shown: str, hidden: str) -> None:
    chosen = page.eval_on_selector("[data-contest-switcher] select", "s => s.value")
    assert chosen == str(contest.pk)
    stream = page.get_attribute("[data-live-stream]", "data-live-contest")
    assert stream == str(contest.pk)
    text = page.inner_text("main")  # the home page and the problem list name the problems
    assert shown in text and hidden not in text, text
