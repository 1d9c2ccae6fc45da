"""End to end, for an interactive and a scoring problem (the demo's K and I, imported as
packages): in Debian's chromium against a running daphne, a team submits both through the
submit form, a real RQ worker judges them in the sandbox, the team's list shows each verdict
live (pending), the submission's page shows the scoring one's points per group, a judge
validates it, and the IOI score board shows the points without a reload."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from accounts.models import Team
from config.demo_problems import PROBLEMS, write_package
from contest.models import Contest, Problem, ScoreBoard
from contest.services.problem_import import import_package
from judge.models import Submission
from tests.live.test_browser_live import _open, chromium
from tests.live.threads import in_thread
from tests.support import factories
from tests.support.burst_worker import burst
from tests.support.daphne import daphne, session_cookie

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.worker,
    pytest.mark.sandbox,
]

BINARY_SEARCH = b"""lo, hi = 1, 1000
while True:
    mid = (lo + hi) // 2
    print(mid, flush=True)
    reply = input()
    if reply == "correct":
        break
    lo, hi = (mid + 1, hi) if reply == "higher" else (lo, mid - 1)
"""
# Right for n <= 10^15: subtask 1's 30 points, none of subtask 2's.
SMALL_ONLY = b"n = int(input())\nprint(n * (n + 1) // 2 if n < 10**15 else 0)\n"


def _imported(contest: Contest, letter: str) -> Problem:
    spec = next(p for p in PROBLEMS if p.letter == letter)
    with tempfile.TemporaryDirectory() as tmp:
        return import_package(contest, letter, write_package(spec, Path(tmp)))


def test_interactive_and_scoring_submissions_from_form_to_validated_points(
    redis_conn: object,
) -> None:
    factories.seed_languages()
    contest = factories.running_contest(pending_counts_on_scoreboard=False)
    contest.score_board = ScoreBoard.BEST_PROBLEM
    contest.save()
    guess, triangle = _imported(contest, "K"), _imported(contest, "I")
    team = factories.team("Alpha")
    team_cookie = session_cookie(factories.user("alpha1", role="team", team=team))
    judge = factories.user("judge", role="judge")
    in_thread(_drive, contest, (guess, triangle), team, team_cookie, session_cookie(judge))


def _page(browser: Browser, address: str, path: str, cookie: str) -> Page:
    """A page that follows no stream (a form, a report)."""
    context = browser.new_context(base_url=f"http://{address}")
    context.add_cookies([{"name": "sessionid", "value": cookie, "url": f"http://{address}"}])
    page = context.new_page()
    page.goto(path)
    return page


def _submit(browser: Browser, address: str, cookie: str, problem: Problem, source: bytes) -> None:
    page = _page(browser, address, "/submit/", cookie)
    page.select_option("#id_problem", value=str(problem.pk))
    page.set_input_files(
        "#id_file", files=[{"name": "solve.py", "mimeType": "text/x-python", "buffer": source}]
    )
    page.click("form[data-submit-form] button[type=submit]")
    page.wait_for_url("**/submissions/**")
    page.context.close()


def _drive(
    contest: Contest, problems: tuple[Problem, Problem], team: Team, cookie: str, judge: str
) -> None:
    guess, triangle = problems
    with daphne() as address, chromium() as browser:
        mine = _open(browser, address, "/submissions/", cookie)
        board = _open(browser, address, f"/scoreboard/scores/?contest={contest.pk}", None)
        _submit(browser, address, cookie, guess, BINARY_SEARCH)
        _submit(browser, address, cookie, triangle, SMALL_ONLY)
        talked, scored = (
            in_thread(lambda p=p: Submission.objects.get(problem=p)) for p in (guess, triangle)
        )
        in_thread(burst, "judging")  # a real worker, the real sandbox

        for submission, verdict in ((talked, "Accepted"), (scored, "Wrong Answer")):
            wait_for_status(mine, submission.pk, verdict)
        assert mine.evaluate("window.__notReloaded") is True

        detail = _page(browser, address, f"/submissions/{scored.pk}/", cookie)
        assert "30 of 100" in detail.inner_text("[data-points]")
        cell = f'tr[data-team-id="{team.pk}"] td:nth-child(4)'  # rank, team, points, I
        assert "30" not in board.inner_text(cell)  # pending points do not count yet

        jury = _page(browser, address, f"/jury/submissions/{scored.pk}/", judge)
        jury.click("button[name=validate]")
        jury.wait_for_selector(".msg-success")
        board.wait_for_function(
            "(sel) => document.querySelector(sel + ' .sb-time')?.textContent.trim() === '30'",
            arg=cell,
        )
        assert board.inner_text(f'tr[data-team-id="{team.pk}"] [data-field=points]') == "30"
        assert board.evaluate("window.__notReloaded") is True


def wait_for_status(page: Page, submission_id: int, verdict: str) -> None:
    """Until the submission's row on the live page shows `verdict` (no reload: a live event)."""
    page.wait_for_function(
        "([id, v]) => { const c = document.querySelector("
        "`[data-submission-id='${id}'] [data-field=status]`); "
        "return c && c.textContent.trim() === v; }",
        arg=[submission_id, verdict],
    )
