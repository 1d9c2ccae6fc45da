"""A scoring problem's points on the team's submission page, as the feedback level allows:
the total with the verdict, each group's points only at the levels that list tests."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from contest.models import Problem
from judging.classification import Classification
from tests.support import builders
from tests.support.scores import make_scoring, score

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("languages")]

GROUPS = {"secret/group1": (30.0, 30.0), "secret/group2": (0.0, 70.0)}


def _page(user: User, problem: Problem, feedback: str, pending_shown: bool = True) -> str:
    problem.contest.team_feedback = feedback
    problem.contest.show_pending_to_teams = pending_shown
    problem.contest.save()
    make_scoring(problem)
    sub = builders.judged(user, problem, Classification.WRONG_ANSWER)
    score(sub, 30, GROUPS)
    client = Client()
    client.force_login(user)
    return client.get(f"/submissions/{sub.pk}/").content.decode()


@pytest.mark.parametrize("feedback", ["samples", "all"])
def test_levels_that_list_tests_show_each_groups_points(
    team_user: User, problem: Problem, feedback: str
) -> None:
    html = _page(team_user, problem, feedback)
    assert "<strong>Points</strong> 30 of 100" in html
    groups = html.split("data-groups")[1].split("</table>")[0]
    assert "secret/group1" in groups and "30 / 30" in groups
    assert "secret/group2" in groups and "0 / 70" in groups


def test_the_verdict_level_shows_the_total_points_only(team_user: User, problem: Problem) -> None:
    html = _page(team_user, problem, "verdict")
    assert "<strong>Points</strong> 30 of 100" in html
    assert "data-groups" not in html and "secret/group1" not in html


def test_no_feedback_shows_no_points(team_user: User, problem: Problem) -> None:
    html = _page(team_user, problem, "none")
    assert "data-points" not in html and "secret/group1" not in html


def test_a_hidden_pending_verdict_hides_its_points(team_user: User, problem: Problem) -> None:
    html = _page(team_user, problem, "all", pending_shown=False)
    assert "data-points" not in html and "secret/group1" not in html


def test_a_pass_fail_problem_shows_no_points(team_user: User, problem: Problem) -> None:
    problem.contest.team_feedback = "all"
    problem.contest.save()
    sub = builders.judged(team_user, problem, Classification.ACCEPTED)
    client = Client()
    client.force_login(team_user)
    assert "data-points" not in client.get(f"/submissions/{sub.pk}/").content.decode()
