"""The header's contest switcher (POST /contest/choose/) x (anonymous, team, runner, judge,
admin), and its refusals: a team chooses among its own contests, the jury among all."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from contest.models import Contest
from contest.selectors import SESSION_KEY
from tests.support import contests

pytestmark = pytest.mark.django_db

URL = "/contest/choose/"


@pytest.fixture
def other(db: None) -> Contest:
    """A running contest that the test's team is not in."""
    return contests.restricted("other")


def _client(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_the_url_is_the_switchers() -> None:
    assert reverse("contest_choose") == URL


@pytest.mark.parametrize(
    ("who", "own", "other_status"),
    [
        ("team", 302, 404),
        ("runner", 302, 302),
        ("judge", 302, 302),
        ("admin", 302, 302),
    ],
)
def test_each_role_may_choose_the_contests_it_may_see(
    request: pytest.FixtureRequest,
    contest: Contest,
    other: Contest,
    who: str,
    own: int,
    other_status: int,
) -> None:
    user: User = request.getfixturevalue(f"{who}_user")
    client = _client(user)
    assert client.post(URL, {"contest": contest.pk, "next": "/"}).status_code == own
    assert client.session[SESSION_KEY] == contest.pk
    assert client.post(URL, {"contest": other.pk, "next": "/"}).status_code == other_status
    assert client.session[SESSION_KEY] == (other.pk if other_status == 302 else contest.pk)


def test_anonymous_is_sent_to_log_in(contest: Contest) -> None:
    response = _client(None).post(URL, {"contest": contest.pk})
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("accounts:login"))


def test_only_post_is_allowed(team_user: User, contest: Contest) -> None:
    assert _client(team_user).get(URL, {"contest": contest.pk}).status_code == 405


@pytest.mark.parametrize("wanted", ["", "x", "\u00b2", "\u0661", "9" * 30, "-1"])
def test_a_malformed_choice_is_a_400(judge_user: User, contest: Contest, wanted: str) -> None:
    response = _client(judge_user).post(URL, {"contest": wanted})
    assert response.status_code == 400
    assert b"Choose a contest" in response.content


def test_an_unknown_contest_is_a_404(judge_user: User, contest: Contest) -> None:
    assert _client(judge_user).post(URL, {"contest": contest.pk + 1000}).status_code == 404


@pytest.mark.parametrize(
    ("target", "back"),
    [
        ("/problems/", "/problems/"),
        ("/jury/balloons/?contest=3&show=undelivered", "/jury/balloons/"),
        ("https://evil.example/", "/"),
        ("//evil.example/", "/"),
        ("", "/"),
    ],
)
def test_it_goes_back_to_a_local_page_only(
    judge_user: User, contest: Contest, target: str, back: str
) -> None:
    response = _client(judge_user).post(URL, {"contest": contest.pk, "next": target})
    assert response["Location"] == back


def test_a_team_in_two_contests_is_offered_those_two(
    team_user: User, contest: Contest, other: Contest
) -> None:
    contests.link(other, team_user.team)  # type: ignore[arg-type]
    contests.restricted("third")  # not the team's: not offered
    html = _client(team_user).get("/").content.decode()
    assert html.count("<option value=") == 2
    assert ">Test Contest</option>" in html and ">Contest Other</option>" in html
    assert "Contest Third" not in html
