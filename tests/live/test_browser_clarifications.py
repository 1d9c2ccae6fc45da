"""In Debian's chromium against a running daphne: a team asks, the jury's queue shows the
question live, a judge answers from the question's page, and the team sees the answer (a notice
and the message in its list) without a reload; an announcement reaches two teams at once."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, Page

from accounts.models import User
from contest.models import Contest
from judge.models import Clarification
from judge.services import clarifications as service
from tests.live.test_browser_live import TIMEOUT_MS, chromium
from tests.live.threads import in_thread
from tests.support import factories
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


def test_a_team_asks_the_jury_answers_and_the_team_sees_it_without_a_reload() -> None:
    contest = factories.running_contest()
    team = factories.team("Alpha")
    team_cookie = session_cookie(factories.user("alpha1", role="team", team=team))
    judge_cookie = session_cookie(factories.user("judge", role="judge"))
    in_thread(_ask_and_answer, contest, team_cookie, judge_cookie)


def _ask_and_answer(contest: Contest, team_cookie: str, judge_cookie: str) -> None:
    with daphne() as address, chromium() as browser:
        queue = _open(browser, address, f"/jury/clarifications/?contest={contest.pk}", judge_cookie)
        team_page = _open(browser, address, "/clarifications/", team_cookie)
        team_page.fill("textarea[name=text]", "Can the asteroids overlap?")
        team_page.click("text=Ask the jury")
        team_page.wait_for_selector("text=Your question was sent to the jury.")
        team_page.wait_for_function("window.JuizLive && window.JuizLive.connected === true")
        team_page.evaluate("window.__notReloaded = true")  # the form's POST reloaded it once

        row = queue.wait_for_selector("tbody[data-live-questions] tr[data-clarification-id]")
        assert "Can the asteroids overlap?" in row.inner_text()
        assert queue.inner_text("[data-live-unanswered]") == "1"
        assert queue.evaluate("window.__notReloaded") is True

        question_id = row.get_attribute("data-clarification-id")
        judge_page = _open(browser, address, f"/jury/clarifications/{question_id}/", judge_cookie)
        judge_page.click("text=Claim")
        judge_page.fill("textarea[name=text]", "No, they never overlap.")
        judge_page.click("text=Send answer")
        judge_page.wait_for_selector("text=Answer sent to the team.")

        notice = team_page.wait_for_selector("[data-live-notices] [data-notice]")
        assert "No, they never overlap." in notice.inner_text()
        team_page.wait_for_selector(".clar-replies .clar-answer >> text=No, they never overlap.")
        state = team_page.wait_for_selector(f"#clar-{question_id} > .clar-head .clar-state")
        assert state.inner_text() == "Answered"
        assert team_page.inner_text("[data-live-unread]") == "1"
        assert team_page.evaluate("window.__notReloaded") is True

        queue.wait_for_function("document.querySelector('[data-live-unanswered]').hidden")
        assert queue.evaluate("window.__notReloaded") is True

        with team_page.expect_response("**/clarifications/read/") as read:
            team_page.click("[data-notice-dismiss]")  # read: gone here, and for the server too
        assert read.value.status == 200
        team_page.wait_for_function("document.querySelector('[data-live-unread]').hidden")
        answer = in_thread(lambda: Clarification.objects.get(reply_to_id=int(question_id)))
        assert in_thread(lambda: answer.reads.count()) == 1


def test_an_announcement_reaches_two_teams_at_once() -> None:
    contest = factories.running_contest()
    cookies = [
        session_cookie(factories.user(f"{name}1", role="team", team=factories.team(name)))
        for name in ("Alpha", "Beta")
    ]
    judge = factories.user("judge", role="judge")
    in_thread(_announce, contest, cookies, judge)


def _announce(contest: Contest, cookies: list[str], judge: User) -> None:
    with daphne() as address, chromium() as browser:
        pages = [_open(browser, address, "/", cookie) for cookie in cookies]
        sent_at = time.monotonic()
        in_thread(
            lambda: service.announce(judge=judge, contest=contest, text="Problem B: n ≤ 10⁵.")
        )
        for page in pages:
            notice = page.wait_for_selector("[data-live-notices] [data-notice]")
            assert "Problem B: n ≤ 10⁵." in notice.inner_text()
            assert page.inner_text("[data-live-unread]") == "1"
            assert page.evaluate("window.__notReloaded") is True
        # Both on the socket, not at a later poll or reload: well within a few seconds.
        assert time.monotonic() - sent_at < 5
