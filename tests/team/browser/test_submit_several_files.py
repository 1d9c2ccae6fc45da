"""A program of two files in a real browser: the team picks a C++ main and its header in the
submit form's file input, a real RQ worker judges it in the sandbox, and the team's page shows
Accepted and both files; the jury's page shows both sources, and a reevaluation judges the
stored files again."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from redis import Redis

from accounts.models import User
from contest.models import Language, Problem
from judge.models import Submission
from tests.support.browser import PageAs, Shot
from tests.support.burst_worker import burst

pytestmark = [
    pytest.mark.browser,
    pytest.mark.sandbox,
    pytest.mark.worker,
    pytest.mark.django_db(transaction=True),
]

MAIN_CPP = b"""#include <iostream>
#include "add.h"
int main() { long a, b; std::cin >> a >> b; std::cout << add(a, b) << "\\n"; }
"""
ADD_H = b"inline long add(long a, long b) { return a + b; }\n"


def test_a_team_uploads_a_main_and_a_header_and_gets_accepted(
    page_as: PageAs,
    shot: Shot,
    problem: Problem,
    languages: dict[str, Language],
    team_user: User,
    judge_user: User,
    redis_conn: Redis,
) -> None:
    page = page_as(team_user)
    page.goto(f"/submit/?problem={problem.pk}")
    page.set_input_files(
        "#id_file",
        [
            {"name": "add.h", "mimeType": "text/x-c", "buffer": ADD_H},
            {"name": "main.cpp", "mimeType": "text/x-c++", "buffer": MAIN_CPP},
        ],
    )
    expect(page.locator("#id_language")).to_have_value("cpp")  # the header does not count
    page.click("form[data-submit-form] button[type=submit]")
    page.wait_for_url("**/submissions/**")
    sub = Submission.objects.get()
    assert [name for name, _ in sub.program_files()] == ["add.h", "main.cpp"]

    burst("judging")
    page.goto(f"/submissions/{sub.pk}/")
    expect(page.locator("#result")).to_contain_text("Accepted")
    files = page.locator(".file-list li")
    expect(files).to_have_count(2)
    expect(files.first).to_contain_text("add.h")
    shot(page, "several-files-team")

    jury = page_as(judge_user)
    jury.goto(f"/jury/submissions/{sub.pk}/")
    expect(jury.locator("h3.source-file")).to_have_text(["add.h", "main.cpp"])
    expect(jury.locator(".source").last).to_contain_text("add(a, b)")
    shot(jury, "several-files-jury")

    # A reevaluation judges the stored files again, as any rejudge does.
    jury.click("button[name=reevaluate]")
    burst("judging", "rejudging")
    jury.goto(f"/jury/submissions/{sub.pk}/")
    reports = jury.locator("table.reports tbody tr")
    expect(reports).to_have_count(2)
    expect(reports.last.locator('[data-field="classification"]')).to_have_text("Accepted")
