"""In Debian's chromium against a running daphne (issue 12, item 10): the jury's pages follow
what happens without a reload — a reevaluated report from "Queued 0/0" to its verdict and its
per-test table, a compiler self-test from queued to passed with its output, a rejudge set's
matrix and its Apply button as its items are judged."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.db import transaction
from playwright.sync_api import Browser, Page, expect

from accounts.models import User
from contest.models import Language
from judge.jobs import selftest as selftest_job
from judge.models import Judgement, LanguageSelfTest, RejudgeSet, Submission
from judge.services import compilers, jury, rejudge, results
from judging.classification import Classification as C
from tests.live.threads import in_thread
from tests.support import factories
from tests.support.browser import SCREENSHOTS
from tests.support.builders import judged, store
from tests.support.chromium import CHROMIUM, CHROMIUM_ARGS
from tests.support.daphne import daphne, session_cookie

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


def _open(browser: Browser, address: str, path: str, cookie: str) -> Page:
    context = browser.new_context(base_url=f"http://{address}")
    context.set_default_timeout(TIMEOUT_MS)
    context.add_cookies([{"name": "sessionid", "value": cookie, "url": f"http://{address}"}])
    page = context.new_page()
    page.goto(path)
    page.wait_for_function("window.JuizLive && window.JuizLive.connected")
    page.evaluate("window.__notReloaded = true")  # a reload would wipe it
    return page


def _not_reloaded(page: Page) -> None:
    assert page.evaluate("window.__notReloaded") is True


def _scene() -> tuple[Submission, User]:
    contest = factories.running_contest(multiple_accepts=True)
    factories.seed_languages()
    problem = factories.sum_problem(contest)
    team = factories.team("Alpha")
    sub = judged(factories.user("alpha1", role="team", team=team), problem, C.WRONG_ANSWER)
    return sub, factories.user("judge", role="judge")


def test_a_reevaluated_report_reaches_its_verdict_and_its_table_live() -> None:
    sub, judge = _scene()
    again = jury.reevaluate(submission=sub, judge=judge)
    in_thread(_drive_reevaluation, sub, again, session_cookie(judge))


def _drive_reevaluation(sub: Submission, again: Judgement, cookie: str) -> None:
    row = f'tr[data-judgement="{again.pk}"]'
    with daphne() as address, chromium() as browser:
        page = _open(browser, address, f"/jury/submissions/{sub.pk}/?report={again.pk}", cookie)
        expect(page.locator(f"{row} [data-field=state]")).to_have_text("Queued")
        expect(page.locator(f"{row} [data-field=tests]")).to_have_text("0/0")
        expect(page.locator(f"{row} [data-when-done]")).to_be_hidden()

        in_thread(_judge_in_steps, again)

        expect(page.locator(f"{row} [data-field=state]")).to_have_text("Done")
        expect(page.locator(f"{row} [data-field=classification]")).to_have_text("Accepted")
        expect(page.locator(f"{row} [data-field=tests]")).to_have_text("2/2")
        expect(page.locator(f"{row} button[name=final]")).to_be_visible()
        # The report shown was being judged: its per-test table appears in place.
        expect(page.locator("table.tests tr.test-row")).to_have_count(2)
        expect(page.locator("[data-reload-while-judging]")).to_have_count(0)
        _not_reloaded(page)


def _judge_in_steps(judgement: Judgement) -> None:
    Judgement.objects.filter(pk=judgement.pk).update(state="judging", tests_total=2)
    judgement.refresh_from_db()
    results.notify(judgement)  # autocommit: published at once, as after a worker's claim
    with transaction.atomic():
        store(judgement, C.ACCEPTED)


@pytest.mark.sandbox
def test_the_compiler_self_test_shows_its_result_live() -> None:
    factories.running_contest()
    python = factories.seed_languages()["python3"]
    admin = factories.user("admin", role="admin")
    selftest = compilers.request_selftest(language=python, admin=admin)
    in_thread(_drive_selftest, selftest, python, session_cookie(admin))


def _drive_selftest(selftest: LanguageSelfTest, python: Language, cookie: str) -> None:
    with daphne() as address, chromium() as browser:
        page = _open(browser, address, f"/jury/selftests/{selftest.pk}/", cookie)
        expect(page.locator("#selftest-state")).to_have_text("Queued")

        in_thread(selftest_job.run_selftest, selftest.pk)  # the worker's job, in-process

        expect(page.locator("#selftest-state")).to_have_text("Passed")
        expect(page.locator("#selftest-version")).to_contain_text("Python 3.")
        expect(page.locator("pre", has_text="42")).to_be_visible()  # the program's output
        expect(page.locator("[data-while-running]")).to_have_count(0)
        _not_reloaded(page)


def test_a_rejudge_sets_matrix_and_apply_follow_its_items_live() -> None:
    sub, judge = _scene()
    other = judged(sub.team.members.get(), sub.problem, C.ACCEPTED)
    jury.change(submission=other, judge=judge, classification=C.WRONG_ANSWER, comment="hard-coded")
    selection = rejudge.Selection(submission_ids=(sub.pk, other.pk))
    rs = rejudge.create(contest=sub.contest, judge=judge, selection=selection)
    in_thread(_drive_rejudge, rs, sub, other, session_cookie(judge))
    sub.refresh_from_db()
    other.refresh_from_db()
    assert (sub.classification, other.classification) == ("Accepted", "Time Limit Exceeded")


def _drive_rejudge(rs: RejudgeSet, sub: Submission, other: Submission, cookie: str) -> None:
    with daphne() as address, chromium() as browser:
        page = _open(browser, address, f"/jury/rejudges/{rs.pk}/", cookie)
        expect(page.get_by_text("Nothing judged yet.")).to_be_visible()
        expect(page.locator("[data-apply-button]")).to_be_disabled()

        in_thread(_finish_items, rs, {sub.pk: C.ACCEPTED, other.pk: C.TIME_LIMIT_EXCEEDED})

        expect(page.locator("#progress [data-field=done]")).to_have_text("2")
        expect(
            page.locator('#matrix td[data-old="Wrong Answer"][data-new="Accepted"]')
        ).to_have_text("1")
        expect(page.locator(f'#changed tr[data-submission="{sub.pk}"]')).to_be_visible()
        expect(page.locator("[data-apply-button]")).to_be_enabled()
        override = page.locator(f'tr[data-override="{other.pk}"]')
        expect(override.locator("[data-field=classification]")).to_have_text("Time Limit Exceeded")
        _not_reloaded(page)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=SCREENSHOTS / "jury-rejudge-live.png", full_page=True)

        override.locator("input[name=replace]").check()
        page.locator("[data-apply-button]").click()
        expect(page.locator("#rejudge-state")).to_have_text("applied")


def _finish_items(rs: RejudgeSet, verdicts: dict[int, C]) -> None:
    for item in rs.items.all():
        with transaction.atomic():
            store(item.new_judgement, verdicts[item.submission_id])
