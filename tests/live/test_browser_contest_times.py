"""In Debian's chromium against a running daphne: an admin moves the contest's end in the
settings page and a team's clock (the layout's countdown and the home page's) follows without
a reload; a finished contest extended again reloads the team's page into the running phase."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, Page

from accounts.models import User
from contest.models import Contest
from judge.services import contest_admin
from tests.live.test_browser_clarifications import _open
from tests.live.test_browser_live import chromium
from tests.live.threads import in_thread
from tests.support import factories
from tests.support.daphne import daphne, session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]


def test_a_new_end_moves_the_team_countdown_without_a_reload() -> None:
    contest = factories.running_contest()
    team_cookie = session_cookie(factories.user("alpha1", role="team", team=factories.team("A")))
    admin_cookie = session_cookie(factories.user("admin", role="admin"))
    in_thread(_move_the_end, contest, team_cookie, admin_cookie)


def _move_the_end(contest: Contest, team_cookie: str, admin_cookie: str) -> None:
    later = timezone.localtime(contest.end + timedelta(hours=2)).replace(second=0, microsecond=0)
    with daphne() as address, chromium() as browser:
        team_page = _open(browser, address, "/", team_cookie)
        shown = team_page.get_attribute(".big-countdown", "data-countdown")
        admin = _plain(browser, address, "/jury/settings/", admin_cookie)
        admin.fill("input[name=end]", later.strftime("%Y-%m-%dT%H:%M"))
        admin.click("button[name=save]")
        admin.wait_for_selector(".msg-success, .errorlist")
        assert admin.inner_text(".msg-success") == "Saved: end.", admin.inner_text("main")

        team_page.wait_for_function(
            "(shown) => document.querySelector('.big-countdown').dataset.countdown !== shown",
            arg=shown,
        )
        for selector in (".big-countdown", ".clock [data-contest-time=end]"):
            assert team_page.get_attribute(selector, "data-countdown") == later.isoformat()
        assert later.strftime("%Y-%m-%d %H:%M") in team_page.inner_text("[data-contest-date=end]")
        assert team_page.evaluate("window.__notReloaded") is True


def _plain(browser: Browser, address: str, path: str, cookie: str) -> Page:
    """A page that follows no stream (the settings form)."""
    context = browser.new_context(base_url=f"http://{address}")
    context.add_cookies([{"name": "sessionid", "value": cookie, "url": f"http://{address}"}])
    page = context.new_page()
    page.goto(path)
    return page


def test_a_finished_contest_extended_reloads_the_team_page_into_the_running_phase() -> None:
    now = timezone.now()
    contest = factories.running_contest(
        start=now - timedelta(hours=3), end=now - timedelta(minutes=5)
    )
    team_cookie = session_cookie(factories.user("alpha1", role="team", team=factories.team("A")))
    admin = factories.user("admin", role="admin")
    in_thread(_extend, contest, team_cookie, admin)


def _extend(contest: Contest, team_cookie: str, admin: User) -> None:
    with daphne() as address, chromium() as browser:
        team_page = _open(browser, address, "/", team_cookie)
        assert "Contest over" in team_page.inner_text(".card")
        end = timezone.now() + timedelta(hours=1)
        # Out of playwright's event loop, as a request's handler would be.
        in_thread(
            lambda: contest_admin.update_contest(contest=contest, admin=admin, changes={"end": end})
        )
        team_page.wait_for_selector(".big-countdown[data-contest-time=end]")
        assert team_page.evaluate("window.__notReloaded") is None  # a fresh page
