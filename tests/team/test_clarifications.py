"""The team's clarification pages: asking, reading answers, and the unread notices every team
page shows (a team that was away sees them when it comes back). Each URL for each role."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from contest.models import Contest, Problem
from judge.models import Clarification
from judge.selectors import clarifications as selectors
from judge.services import clarifications as service

pytestmark = pytest.mark.django_db

PAGE = reverse("team:clarifications")
READ = reverse("team:clarifications_read")


def _login(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def users(
    team_user: User, runner_user: User, judge_user: User, admin_user: User
) -> dict[str, User | None]:
    return {
        "anonymous": None,
        "team": team_user,
        "runner": runner_user,
        "judge": judge_user,
        "admin": admin_user,
    }


@pytest.mark.parametrize("role", ["anonymous", "team", "runner", "judge", "admin"])
@pytest.mark.parametrize(("url", "method", "status"), [(PAGE, "get", 200), (READ, "post", 200)])
def test_each_role_gets_what_it_may_at_each_team_clarification_url(
    contest: Contest, users: dict[str, User | None], role: str, url: str, method: str, status: int
) -> None:
    response = getattr(_login(users[role]), method)(url)
    if role == "anonymous":
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("accounts:login"))
    elif role == "team":
        assert response.status_code == status
    else:
        assert response.status_code == 403  # no team: nothing to ask or read


def test_marking_read_takes_only_a_post(team_user: User, contest: Contest) -> None:
    assert _login(team_user).get(READ).status_code == 405


def test_a_team_asks_about_a_problem_from_its_page(team_user: User, problem: Problem) -> None:
    response = _login(team_user).post(PAGE, {"problem": problem.pk, "text": "Round asteroids?"})
    assert response.status_code == 302
    question = Clarification.objects.get()
    assert question.problem == problem and question.from_team == team_user.team
    page = _login(team_user).get(PAGE).content.decode()
    assert "Round asteroids?" in page and "Unanswered" in page


def test_a_closed_contest_shows_no_form_and_takes_no_question(
    team_user: User, contest: Contest
) -> None:
    Contest.objects.filter(pk=contest.pk).update(clarifications_open=False)
    response = _login(team_user).post(PAGE, {"text": "Hello?"})
    assert "takes no questions" in response.content.decode()
    assert Clarification.objects.count() == 0
    assert b"Ask the jury" not in response.content


def test_another_teams_question_and_private_answer_never_show(
    team_user: User, other_team_user: User, judge_user: User, contest: Contest
) -> None:
    theirs = service.ask(user=other_team_user, contest=contest, text="BETA-SECRET-QUESTION")
    service.answer(question=theirs, judge=judge_user, text="BETA-PRIVATE-ANSWER", to_all=False)
    page = _login(team_user).get(PAGE).content
    assert b"BETA-SECRET-QUESTION" not in page and b"BETA-PRIVATE-ANSWER" not in page
    assert b"BETA-PRIVATE-ANSWER" not in _login(team_user).get(reverse("team:home")).content


def test_a_team_away_sees_the_unread_answer_on_any_page_until_it_reads_it(
    team_user: User, judge_user: User, contest: Contest
) -> None:
    question = service.ask(user=team_user, contest=contest, text="Round?")
    answer = service.answer(question=question, judge=judge_user, text="ANSWER-MARKER", to_all=False)
    client = _login(team_user)
    home = client.get(reverse("team:home")).content.decode()
    assert f'data-notice="{answer.pk}"' in home and "ANSWER-MARKER" in home
    assert 'data-live-unread title="Unread messages from the jury">1<' in home
    client.get(PAGE)  # reading the page reads the messages
    assert f'data-notice="{answer.pk}"' not in client.get(reverse("team:home")).content.decode()


def test_dismissing_a_notice_marks_that_message_read(
    team_user: User, judge_user: User, contest: Contest
) -> None:
    first = service.announce(judge=judge_user, contest=contest, text="One")
    second = service.announce(judge=judge_user, contest=contest, text="Two")
    response = _login(team_user).post(READ, {"ids": f"{first.pk},x,²"})
    assert response.json() == {"read": 1, "unread": [second.pk]}
    assert selectors.unread_ids(contest, team_user.team) == [second.pk]


def test_a_withdrawn_announcement_leaves_the_teams_pages(
    team_user: User, judge_user: User, contest: Contest
) -> None:
    sent = service.announce(judge=judge_user, contest=contest, text="WITHDRAWN-MARKER")
    service.withdraw(message=sent, judge=judge_user)
    client = _login(team_user)
    assert b"WITHDRAWN-MARKER" not in client.get(PAGE).content
    assert b"WITHDRAWN-MARKER" not in client.get(reverse("team:home")).content
