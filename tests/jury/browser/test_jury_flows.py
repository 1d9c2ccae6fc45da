"""The jury workflow in a real browser: a team submits, a judge sees it pending, opens the
report, validates it, and the team sees it final; a judge changes a classification with a
comment; a rejudge set after a test-data change is applied."""

from __future__ import annotations

import io
import re
import zipfile

import pytest
from playwright.sync_api import expect
from redis import Redis

from accounts.models import User
from contest.models import Language, Problem
from judge.models import AuditAction, AuditEntry, Submission
from tests.support import builders
from tests.support.browser import PageAs, Shot
from tests.support.burst_worker import burst

pytestmark = [pytest.mark.browser, pytest.mark.sandbox, pytest.mark.django_db(transaction=True)]


def test_a_team_submits_a_judge_validates_and_the_team_sees_it_final(
    page_as: PageAs,
    shot: Shot,
    problem: Problem,
    python: Language,
    team_user: User,
    judge_user: User,
    redis_conn: Redis,
) -> None:
    team = page_as(team_user)
    team.goto("/submit/")
    team.select_option("#id_problem", value=str(problem.pk))
    team.set_input_files(
        "#id_file",
        files=[{"name": "sum.py", "mimeType": "text/x-python", "buffer": builders.CORRECT}],
    )
    team.click("form[data-submit-form] button[type=submit]")
    submission = Submission.objects.get()
    burst("judging")  # a real worker judges it

    judge = page_as(judge_user)
    judge.goto("/jury/")
    row = judge.locator(f'tr[data-submission="{submission.pk}"]')
    expect(row).to_have_class(re.compile("row-pending"))
    expect(row).to_contain_text("Accepted")
    shot(judge, "jury-queue")
    row.get_by_role("link", name=str(submission.pk)).click()

    expect(judge.locator("#verdict [data-state]")).to_have_text("pending")
    expect(judge.locator("tr.test-row")).to_have_count(2)
    expect(judge.locator(".source .highlight")).to_contain_text("map(int, input().split())")
    shot(judge, "jury-submission")
    judge.click("button[name=validate]")
    expect(judge.locator(".msg-success")).to_contain_text("validated")
    expect(judge.locator("#verdict [data-state]")).to_have_text("final")

    team.goto(f"/submissions/{submission.pk}/")
    expect(team.locator("#result .state")).to_have_text("final")
    expect(team.locator("#result .verdict").first).to_have_text("Accepted")


def test_judge_changes_a_classification_with_a_comment(
    page_as: PageAs,
    shot: Shot,
    problem: Problem,
    python: Language,
    team_user: User,
    judge_user: User,
) -> None:
    submission = builders.sent_and_judged(team_user, problem, builders.TRAILING_SPACE)
    judge = page_as(judge_user)
    judge.goto(f"/jury/submissions/{submission.pk}/")

    expect(judge.locator("#verdict .big-verdict")).to_have_text("Presentation Error")
    # The diff makes the trailing space visible where the outputs first differ.
    expect(judge.locator("tr.first-diff mark").nth(1)).to_have_text("·↵")
    shot(judge, "jury-submission-diff")

    judge.select_option("#id_classification", "Accepted")
    judge.click("button[name=change]")  # no comment: the browser refuses to send the form
    expect(judge.locator("#verdict .big-verdict")).to_have_text("Presentation Error")

    judge.fill("#id_comment", "Trailing spaces are accepted in this contest.")
    judge.click("button[name=change]")
    expect(judge.locator("#verdict .big-verdict")).to_have_text("Accepted")
    expect(judge.locator("#verdict [data-state]")).to_have_text("final")

    judge.goto("/jury/audit/?action=change")
    expect(judge.locator('tr[data-action="change"]')).to_contain_text(
        "Trailing spaces are accepted"
    )
    shot(judge, "jury-audit")
    assert AuditEntry.objects.get(action=AuditAction.CHANGE).user == judge_user


def fixed_data() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in {
            "sample/1.in": "1 2\n",
            "sample/1.ans": "3\n",
            "secret/1.in": "10 5\n",
            "secret/1.ans": "15\n",
        }.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def test_a_rejudge_set_after_a_data_change_is_applied(
    page_as: PageAs,
    shot: Shot,
    problem: Problem,
    python: Language,
    team_user: User,
    judge_user: User,
    admin_user: User,
    redis_conn: Redis,
) -> None:
    correct = builders.sent_and_judged(team_user, problem, builders.CORRECT)
    off_by_one = builders.sent_and_judged(team_user, problem, builders.OFF_BY_ONE_ABOVE_TEN)
    assert (correct.classification, off_by_one.classification) == ("Accepted", "Wrong Answer")

    admin = page_as(admin_user)
    admin.goto(f"/jury/problems/{problem.pk}/")
    admin.set_input_files(
        "#id_archive",
        files=[{"name": "fixed.zip", "mimeType": "application/zip", "buffer": fixed_data()}],
    )
    admin.click("button[name=upload]")
    expect(admin.locator(".msg-success")).to_contain_text("2 test case(s) stored")
    shot(admin, "jury-problem")
    admin.goto("/jury/languages/python3/")
    shot(admin, "jury-language")

    judge = page_as(judge_user)
    judge.goto(f"/jury/rejudges/new/?problems={problem.pk}&reason=New+secret+test")
    shot(judge, "jury-rejudge-new")
    judge.click("button[name=create]")
    expect(judge.locator("#progress [data-total]")).to_have_text("2")
    expect(judge.locator("button[name=apply]")).to_be_disabled()

    burst("judging", "rejudging")

    # The page follows the progress and reloads itself when everything is judged.
    expect(judge.locator("button[name=apply]")).to_be_enabled()
    expect(judge.locator('#matrix td[data-old="Wrong Answer"][data-new="Accepted"]')).to_have_text(
        "1"
    )
    expect(judge.locator(f'#changed tr[data-submission="{off_by_one.pk}"]')).to_be_visible()
    shot(judge, "jury-rejudge")

    team = page_as(team_user)
    team.goto(f"/submissions/{off_by_one.pk}/")
    expect(team.locator("#result .verdict").first).to_have_text("Wrong Answer")

    judge.select_option("#id_rule", "final_if_unchanged")
    judge.click("button[name=apply]")
    expect(judge.locator("#rejudge-state")).to_have_text("applied")

    team.reload()
    expect(team.locator("#result .verdict").first).to_have_text("Accepted")
    expect(team.locator("#result .state")).to_have_text("pending")
