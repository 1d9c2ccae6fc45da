"""A style report on the submission pages: the jury sees every judgement's; the team the one in
force, as the contest's feedback level shows the verdict's report (not at "nothing", not while
a pending verdict is hidden), never another team's."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from contest.models import Language, Problem, TeamFeedback
from judge.models import Submission
from judge.services import jury
from judge.services.style import store_style
from judging.classification import Classification
from judging.style.report import StyleIssue, found, unavailable
from tests.support import builders

pytestmark = pytest.mark.django_db

ISSUE = StyleIssue("sum.py", 1, 8, "F401", "`os` imported but unused", "error")


@pytest.fixture
def styled(problem: Problem, team_user: User, languages: dict[str, Language]) -> Submission:
    """An Accepted submission whose report in force has a style report of one issue."""
    submission = builders.judged(team_user, problem, Classification.ACCEPTED)
    store_style(builders.first_judgement(submission), found("ruff", "default", [ISSUE]))
    return submission


def _page(user: User, submission: Submission, name: str = "team:submission") -> str:
    client = Client()
    client.force_login(user)
    response = client.get(reverse(name, args=[submission.pk]))
    assert response.status_code == 200
    return response.content.decode()


def _feedback(submission: Submission, level: str, *, show_pending: bool = True) -> None:
    contest = submission.contest
    contest.team_feedback = level
    contest.show_pending_to_teams = show_pending
    contest.save()


@pytest.mark.parametrize("level", [TeamFeedback.VERDICT, TeamFeedback.SAMPLES, TeamFeedback.ALL])
def test_the_team_sees_the_style_with_the_verdict(
    styled: Submission, team_user: User, level: str
) -> None:
    _feedback(styled, level)
    html = _page(team_user, styled)
    assert 'data-style-issue="F401"' in html and "`os` imported but unused" in html
    assert "Accepted" in html and "it does not change the verdict" in html


def test_at_the_nothing_level_the_team_sees_no_style(styled: Submission, team_user: User) -> None:
    _feedback(styled, TeamFeedback.NONE)
    html = _page(team_user, styled)
    assert "data-style" not in html and "F401" not in html


def test_a_hidden_pending_verdict_hides_its_style_until_final(
    styled: Submission, team_user: User, judge_user: User
) -> None:
    _feedback(styled, TeamFeedback.VERDICT, show_pending=False)
    assert "F401" not in _page(team_user, styled)
    jury.validate(submission=styled, judge=judge_user)
    assert 'data-style-issue="F401"' in _page(team_user, styled)


def test_the_live_partial_carries_it_too(styled: Submission, team_user: User) -> None:
    client = Client()
    client.force_login(team_user)
    url = reverse("team:submission", args=[styled.pk])
    html = client.get(url, headers={"X-Requested-With": "fetch"}).content.decode()
    assert 'data-style-issue="F401"' in html


def test_another_team_sees_nothing_of_it(styled: Submission, other_team_user: User) -> None:
    client = Client()
    client.force_login(other_team_user)
    assert client.get(reverse("team:submission", args=[styled.pk])).status_code == 404


def test_the_jury_sees_it_whatever_the_teams_level(styled: Submission, judge_user: User) -> None:
    _feedback(styled, TeamFeedback.NONE)
    html = _page(judge_user, styled, "jury:submission")
    assert 'data-style-issue="F401"' in html and "ruff, default rules" in html


def test_an_unavailable_style_says_so_and_why(
    problem: Problem, team_user: User, judge_user: User, languages: dict[str, Language]
) -> None:
    submission = builders.judged(team_user, problem, Classification.WRONG_ANSWER)
    reason = "ruff is not installed (looked for /nonexistent/ruff)"
    store_style(builders.first_judgement(submission), unavailable("ruff", "default", reason))
    for html in (_page(team_user, submission), _page(judge_user, submission, "jury:submission")):
        assert "Style unavailable: ruff is not installed" in html
        assert "Wrong Answer" in html


def test_a_judgement_without_style_shows_no_section(
    problem: Problem, team_user: User, languages: dict[str, Language]
) -> None:
    submission = builders.judged(team_user, problem, Classification.ACCEPTED)
    assert "data-style" not in _page(team_user, submission)
