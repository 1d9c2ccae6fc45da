"""A rejudge set after the jury fixed a wrong answer file, judged for real (the worker's job
in-process with the real engine and sandbox).

Problem A's secret answer first says 41 for "40 2" (a jury mistake), so the correct program
gets Wrong Answer and a program off by one above ten gets Accepted. The fixed data turns that
around; a program printing a trailing space moves from Wrong Answer to Presentation Error; a
syntax error stays a Compile Time Error.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from contest.models import Blob, Language, Problem
from judge.models import RejudgeState, Submission
from judge.selectors import rejudge as rejudge_view
from judge.selectors.visibility import team_view
from judge.services import contest_admin, rejudge
from tests.support import builders

pytestmark = [pytest.mark.django_db, pytest.mark.sandbox]

PROGRAMS = {
    "correct": builders.CORRECT,
    "off_by_one": builders.OFF_BY_ONE_ABOVE_TEN,
    "trailing_space": builders.TRAILING_SPACE,
    "syntax_error": builders.SYNTAX_ERROR,
}


@pytest.fixture
def judged(problem: Problem, python: Language, team_user: User) -> dict[str, Submission]:
    problem.tests.filter(name="secret/1").update(answer=Blob.store(b"41\n"))
    subs = {
        name: builders.sent_and_judged(team_user, problem, src) for name, src in PROGRAMS.items()
    }
    assert {name: s.classification for name, s in subs.items()} == {
        "correct": "Wrong Answer",
        "off_by_one": "Accepted",
        "trailing_space": "Wrong Answer",
        "syntax_error": "Compile Time Error",
    }
    return subs


def fixed_data(tmp_path: Path) -> Path:
    path = tmp_path / "fixed.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("sample/1.in", "1 2\n")
        archive.writestr("sample/1.ans", "3\n")
        archive.writestr("secret/1.in", "40 2\n")
        archive.writestr("secret/1.ans", "42\n")
    return path


def team_result(team_user: User, submission: Submission) -> str:
    """The result line of the team's own submission page."""
    client = Client()
    client.force_login(team_user)
    html = client.get(reverse("team:submission", args=[submission.pk])).content.decode()
    return re.search(r'<strong>Result</strong> <span class="verdict [^"]*">([^<]*)</span>', html)[1]


def test_the_matrix_after_a_data_fix_and_teams_keep_verdicts_until_apply(
    judged: dict[str, Submission],
    problem: Problem,
    team_user: User,
    admin_user: User,
    judge_user: User,
    tmp_path: Path,
) -> None:
    contest_admin.replace_test_data(problem=problem, admin=admin_user, archive=fixed_data(tmp_path))
    rs = rejudge.create(
        contest=problem.contest,
        judge=judge_user,
        selection=rejudge.Selection(problem_ids=(problem.pk,)),
    )
    for item in rs.items.all():
        builders.judge_for_real(item.new_judgement)

    matrix = rejudge_view.matrix(rs)
    assert matrix.counts == {
        ("Wrong Answer", "Accepted"): 1,
        ("Accepted", "Wrong Answer"): 1,
        ("Wrong Answer", "Presentation Error"): 1,
        ("Compile Time Error", "Compile Time Error"): 1,
    }
    assert {i.submission_id for i in matrix.changed} == {
        judged[n].pk for n in ("correct", "off_by_one", "trailing_space")
    }
    assert matrix.unfinished == 0

    # Judged, not applied: every team page still shows the old verdict.
    for name, old in (
        ("correct", "Wrong Answer"),
        ("off_by_one", "Accepted"),
        ("trailing_space", "Wrong Answer"),
    ):
        judged[name].refresh_from_db()
        assert team_view(judged[name]).classification == old
        assert team_result(team_user, judged[name]) == old

    rejudge.apply(rejudge=rs, judge=judge_user)

    rs.refresh_from_db()
    assert rs.state == RejudgeState.APPLIED
    for name, new in (
        ("correct", "Accepted"),
        ("off_by_one", "Wrong Answer"),
        ("trailing_space", "Presentation Error"),
    ):
        judged[name].refresh_from_db()
        assert team_view(judged[name]).classification == new
        assert team_result(team_user, judged[name]) == new
