"""Teams in bulk in a real browser: an admin uploads a CSV of 50 teams on /jury/teams/,
generates their passwords, and one of the teams logs in with the password from its sheet and
submits."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from pytest_django.live_server_helper import LiveServer

from accounts.models import Team, User
from contest.models import Language, Problem
from judge.models import Submission
from tests.support import builders
from tests.support.browser import PageAs, Shot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

N = 50


def _csv() -> bytes:
    rows = ["team,organization,country,group,location,username"]
    rows += [
        f"Team {i:02},Uni {i % 7},PRT,Students,Room {i // 10} desk {i % 10},bulk{i:02}"
        for i in range(1, N + 1)
    ]
    return ("\n".join(rows) + "\n").encode()


def test_a_csv_of_50_teams_is_imported_and_one_team_logs_in_and_submits(
    page_as: PageAs,
    shot: Shot,
    browser: Browser,
    live_server: LiveServer,
    problem: Problem,
    python: Language,
    admin_user: User,
) -> None:
    admin = page_as(admin_user)
    admin.goto("/jury/teams/")
    admin.set_input_files(
        "#teams-files", files=[{"name": "teams.csv", "mimeType": "text/csv", "buffer": _csv()}]
    )
    admin.click("#teams-import button[type=submit]")
    expect(admin.locator(".msg-success")).to_contain_text(f"{N} teams, {N} accounts")
    expect(admin.locator("tr[data-team]")).to_have_count(N)
    shot(admin, "jury-teams-imported")

    admin.click("#teams-passwords button[name=generate]")
    expect(admin.locator("[data-sheet]")).to_have_count(N)
    sheet = admin.locator("[data-sheet]", has_text="Team 17")
    expect(sheet.locator("[data-location]")).to_have_text("Room 1 desk 7")
    expect(sheet.locator("[data-username]")).to_have_text("bulk17")
    password = sheet.locator("[data-password]").inner_text()
    shot(admin, "jury-password-sheets")

    context = browser.new_context(base_url=live_server.url)
    team = context.new_page()
    team.goto("/accounts/login/")
    team.fill("#id_username", "bulk17")
    team.fill("#id_password", password)
    team.click("main form button[type=submit]")
    team.wait_for_url(lambda url: "/accounts/login/" not in url)
    team.goto("/submit/")
    team.select_option("#id_problem", value=str(problem.pk))
    team.set_input_files(
        "#id_file",
        files=[{"name": "sum.py", "mimeType": "text/x-python", "buffer": builders.CORRECT}],
    )
    team.click("form[data-submit-form] button[type=submit]")
    team.wait_for_url(lambda url: "/submit/" not in url)
    context.close()
    submitted = Submission.objects.get()
    assert submitted.team == Team.objects.get(name="Team 17")
    assert submitted.problem == problem
