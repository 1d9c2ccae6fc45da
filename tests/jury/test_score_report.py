"""The jury's report of a scoring submission: its score, each group's verdict and points, and
every report's points in the list."""

from __future__ import annotations

import pytest

from accounts.models import User
from contest.models import Problem
from judging.classification import Classification
from tests.jury.conftest import ClientAs
from tests.support import builders
from tests.support.scores import make_scoring, score

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("languages")]


def test_the_report_shows_the_score_and_each_groups_result(
    problem: Problem, team_user: User, judge_user: User, client_as: ClientAs
) -> None:
    make_scoring(problem)
    sub = builders.judged(team_user, problem, Classification.WRONG_ANSWER)
    groups = {"sample": (0.0, 0.0), "secret/a": (25.0, 25.0), "secret/b": (12.5, 75.0)}
    score(sub, 37.5, groups)
    html = client_as(judge_user).get(f"/jury/submissions/{sub.pk}/").content.decode()
    assert "<strong>Score:</strong> 37.50 of 100" in html
    table = html.split("data-report-groups")[1].split("</table>")[0]
    for name in groups:
        assert f"<td>{name}</td>" in table
    assert "12.50" in table and "75" in table
    assert "data-points-in-force" in html


def test_a_pass_fail_report_has_no_score(
    problem: Problem, team_user: User, judge_user: User, client_as: ClientAs
) -> None:
    sub = builders.judged(team_user, problem, Classification.ACCEPTED)
    html = client_as(judge_user).get(f"/jury/submissions/{sub.pk}/").content.decode()
    assert "data-report-score" not in html and "data-report-groups" not in html
