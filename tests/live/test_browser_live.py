"""In Debian's chromium against a running daphne: a judge validates a submission and the team's
page and the scoreboard change without a reload, through the WebSocket (not the fallback
poller, which live.js stops)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from playwright.sync_api import Browser, Page

from accounts.models import User
from judge.models import Submission
from judge.services import jury
from scoreboard import services
from tests.live.threads import in_thread
from tests.support import factories
from tests.support.chromium import CHROMIUM, CHROMIUM_ARGS
from tests.support.daphne import daphne, session_cookie
from tests.support.scoreboard import problem, submit

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

TIMEOUT_MS = 15_000


@contextmanager
def chromium() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def _open(browser: Browser, address: str, path: str, cookie: str | None) -> Page:
    context = browser.new_context(base_url=f"http://{address}")
    context.set_default_timeout(TIMEOUT_MS)
    if cookie:
        context.add_cookies([{"name": "sessionid", "value": cookie, "url": f"http://{address}"}])
    page = context.new_page()
    page.goto(path)
    page.wait_for_selector("[data-live-status][data-live-state=open]")
    # A marker that a reload would wipe, and a count of events applied from the socket.
    page.evaluate(
        "window.__notReloaded = true; window.__events = 0;"
        "JuizLive.onevent = function () { window.__events += 1; };"
    )
    return page


def test_validation_reaches_the_team_page_and_the_board_live() -> None:
    contest = factories.running_contest(pending_counts_on_scoreboard=False)
    a = problem(contest, "A")
    team = factories.team("Alpha")
    team_cookie = session_cookie(factories.user("alpha1", role="team", team=team))
    judge = factories.user("judge", role="judge")
    sub = submit(contest, team, a, 12, "pending", "Accepted")
    services.rebuild(contest)
    # Playwright's sync API in a thread of its own: another Playwright (the browser tests') may
    # already run an event loop in this one. Database work while it runs goes to yet another
    # thread (Django refuses it in a thread with a running loop).
    in_thread(_drive, team.pk, sub, judge, team_cookie)


def _drive(team_id: int, sub: Submission, judge: User, team_cookie: str) -> None:
    cell = f'tr[data-team-id="{team_id}"] td:nth-child(5)'  # rank, team, solved, time, A
    row = f'tr[data-submission-id="{sub.pk}"]'
    with daphne() as address, chromium() as browser:
        team_page = _open(browser, address, "/submissions/", team_cookie)
        board = _open(browser, address, "/scoreboard/", None)
        assert team_page.inner_text(f"{row} [data-field=state]").strip() == "pending"
        assert "sb-pending" in board.get_attribute(cell, "class")

        in_thread(lambda: jury.validate(submission=sub, judge=judge))

        team_page.wait_for_function(
            f"document.querySelector('{row} [data-field=state]').textContent.trim() === 'final'"
        )
        board.wait_for_selector(f"{cell}.sb-solved.sb-first")
        assert board.inner_text(f"{cell} .sb-time") == "12"
        assert board.inner_text(f'tr[data-team-id="{team_id}"] [data-field=solved]') == "1"
        for page in (team_page, board):
            assert page.evaluate("window.__notReloaded") is True
            assert page.evaluate("window.__events") >= 1
            page.context.close()
