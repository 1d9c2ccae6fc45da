"""Two contests running at once, each open only to its linked teams: every team's pages, its
scoreboard, the API and the services stay in its own contest, and a team in both switches.

South starts two hours before North: before contest-team links the earliest running contest
was every team's, so North's team saw South's pages."""

from __future__ import annotations

import re
from typing import TypedDict

import pytest
from django.test import Client

from accounts.models import Category, Team, User
from contest.models import Contest, Language, Problem
from contest.selectors import SESSION_KEY, contest_for_user, hidden_teams
from judge.errors import ServiceError
from judge.selectors import clarifications as clar_selectors
from judge.services import clarifications, printouts, submit
from scoreboard import services, updates
from tests.support import contests, factories
from tests.support.scoreboard import problem
from tests.support.scoreboard import submit as scored

pytestmark = pytest.mark.django_db


class Two(TypedDict):
    north: Contest
    south: Contest
    north_a: Problem
    south_a: Problem
    nord: User  # of team Nord, in North only
    sud: User  # of team Sud, in South only
    both: User  # of team Both, in both contests


@pytest.fixture
def two(db: None) -> Two:
    nord, sud, both = factories.team("Nord"), factories.team("Sud"), factories.team("Both")
    north = contests.restricted("north", nord, both, started_hours_ago=1)
    south = contests.restricted("south", sud, both, started_hours_ago=3)
    north_a, south_a = problem(north, "A"), problem(south, "A")
    north_a.name, south_a.name = "Northern lights", "Southern cross"
    north_a.save()
    south_a.save()
    scored(north, nord, north_a, 10, "final", "Accepted")
    scored(south, sud, south_a, 20, "final", "Accepted")
    return {
        "north": north,
        "south": south,
        "north_a": north_a,
        "south_a": south_a,
        "nord": factories.user("nord1", role="team", team=nord),
        "sud": factories.user("sud1", role="team", team=sud),
        "both": factories.user("both1", role="team", team=both),
    }


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


PAGES = ("/", "/problems/", "/submissions/", "/clarifications/", "/scoreboard/")


def _pages(client: Client) -> str:
    return "".join(client.get(path).content.decode() for path in PAGES)


def _switched_to(html: str) -> list[int]:
    """The contests the header's switcher shows as chosen."""
    return [int(pk) for pk in re.findall(r'<option value="(\d+)" selected>', html)]


def test_each_team_sees_only_its_own_contest_on_its_pages_and_scoreboard(two: Two) -> None:
    nord_pages, sud_pages = _pages(_client(two["nord"])), _pages(_client(two["sud"]))
    assert "Contest North" in nord_pages and "Northern lights" in nord_pages
    assert "Contest South" not in nord_pages and "Southern cross" not in nord_pages
    assert "Contest South" in sud_pages and "Southern cross" in sud_pages
    assert "Contest North" not in sud_pages and "Northern lights" not in sud_pages
    # Each board lists its contest's teams only.
    assert "Nord" in nord_pages and "Sud" not in nord_pages
    assert "Sud" in sud_pages and "Nord" not in sud_pages


def test_a_team_in_one_contest_has_no_switcher_and_cannot_choose_another(two: Two) -> None:
    client = _client(two["nord"])
    assert "data-contest-switcher" not in client.get("/").content.decode()
    refused = client.post("/contest/choose/", {"contest": two["south"].pk, "next": "/"})
    assert refused.status_code == 404
    assert "Contest North" in client.get("/").content.decode()


def test_a_team_in_both_contests_switches_and_its_pages_stay_in_its_choice(two: Two) -> None:
    client = _client(two["both"])
    home = client.get("/").content.decode()
    assert "data-contest-switcher" in home
    assert _switched_to(home) == [two["south"].pk]  # the first started is the default
    response = client.post("/contest/choose/", {"contest": two["north"].pk, "next": "/problems/"})
    assert response.status_code == 302 and response["Location"] == "/problems/"
    assert client.session[SESSION_KEY] == two["north"].pk
    pages = _pages(client)
    assert "Northern lights" in pages and "Southern cross" not in pages
    assert _switched_to(pages) == [two["north"].pk] * len(PAGES)


def test_a_choice_of_a_contest_the_team_left_is_ignored(two: Two) -> None:
    session = {SESSION_KEY: two["north"].pk}
    assert contest_for_user(two["both"], session) == two["north"]
    two["north"].entries.filter(team=two["both"].team).delete()
    assert contest_for_user(two["both"], session) == two["south"]


def test_the_api_lists_each_contests_teams_and_a_team_its_own_contests(two: Two) -> None:
    client = _client(two["nord"])
    listed = [c["id"] for c in client.get("/api/contests").json()]
    assert listed == ["north"]
    north_teams = {t["name"] for t in client.get("/api/contests/north/teams").json()}
    south_teams = {t["name"] for t in client.get("/api/contests/south/teams").json()}
    assert north_teams == {"Nord", "Both"} and south_teams == {"Sud", "Both"}
    rows = client.get("/api/contests/north/scoreboard").json()["rows"]
    assert {row["team_id"] for row in rows} == {str(two["nord"].team_id), str(two["both"].team_id)}
    judge = _client(factories.user("judge", role="judge"))
    assert [c["id"] for c in judge.get("/api/contests").json()] == ["south", "north"]


def test_a_team_cannot_submit_ask_or_print_in_a_contest_it_is_not_in(
    two: Two, languages: dict[str, Language]
) -> None:
    nord, south = two["nord"], two["south"]
    with pytest.raises(ServiceError) as refused:
        submit.submit(
            user=nord, contest=south, problem=two["south_a"], filename="a.c", source=b"int x;"
        )
    assert refused.value.code == "not_in_contest"
    with pytest.raises(ServiceError) as refused:
        clarifications.ask(user=nord, contest=south, text="Hello?")
    assert refused.value.code == "not_in_contest"
    with pytest.raises(ServiceError) as refused:
        printouts.submit(team=nord.team, contest=south, file_name="a.c", content=b"x")  # type: ignore[arg-type]
    assert refused.value.code == "not_in_contest"


def test_the_contests_languages_are_the_only_ones_its_teams_may_use(
    two: Two, languages: dict[str, Language]
) -> None:
    two["north"].languages.set([languages["c"]])
    with pytest.raises(ServiceError) as refused:
        submit.submit(
            user=two["nord"],
            contest=two["north"],
            problem=two["north_a"],
            filename="a.py",
            source=b"print(1)\n",
        )
    assert refused.value.code == "unknown_language"
    form = _client(two["nord"]).get("/submit/").content.decode()
    assert 'value="c"' in form and 'value="python3"' not in form
    north = _client(two["nord"]).get("/api/contests/north/languages").json()
    south = _client(two["sud"]).get("/api/contests/south/languages").json()
    assert [lang["id"] for lang in north] == ["c"]
    assert "python3" in [lang["id"] for lang in south]


def test_a_team_has_its_category_per_contest(two: Two) -> None:
    guests = Category.objects.create(name="Guests", visible=False)
    students = Category.objects.create(name="Students")
    both: Team = two["both"].team  # type: ignore[assignment]
    both.category = students
    both.save()
    two["north"].entries.filter(team=both).update(category=guests)
    judge = _client(factories.user("judge", role="judge"))
    north = {t["name"]: t["group_ids"] for t in judge.get("/api/contests/north/teams").json()}
    south = {t["name"]: t["group_ids"] for t in judge.get("/api/contests/south/teams").json()}
    assert north["Both"] == [str(guests.pk)] and south["Both"] == [str(students.pk)]
    # Guests are hidden from North's public board, not from South's.
    north_board = Client().get(f"/scoreboard/?contest={two['north'].pk}").content.decode()
    south_board = Client().get(f"/scoreboard/?contest={two['south'].pk}").content.decode()
    assert f'data-team-id="{both.pk}"' not in north_board
    assert f'data-team-id="{both.pk}"' in south_board
    assert list(hidden_teams(two["north"])) == [both] and not hidden_teams(two["south"]).exists()
    # A hidden team's accept is not the public board's first (Nord solved at 10).
    scored(two["north"], both, two["north_a"], 5, "final", "Accepted")
    services.rebuild(two["north"])
    a = two["north_a"].pk
    assert updates.first_for(two["north"], [a], "jury") == {a: {both.pk}}
    assert updates.first_for(two["north"], [a], "public") == {a: {two["nord"].team_id}}


def test_an_announcement_reaches_the_contests_teams_only(two: Two) -> None:
    judge = factories.user("judge", role="judge")
    message = clarifications.announce(judge=judge, contest=two["south"], text="Lunch at noon.")
    assert clar_selectors.recipients(message) == sorted([two["sud"].team_id, two["both"].team_id])
    with pytest.raises(ServiceError) as refused:
        clarifications.announce(
            judge=judge, contest=two["south"], text="Psst.", team=two["nord"].team
        )
    assert refused.value.code == "not_in_contest"
    form = _client(judge).get(f"/jury/clarifications/announce/?contest={two['south'].pk}")
    assert ">Sud</option>" in form.content.decode()
    assert ">Nord</option>" not in form.content.decode()


def test_the_jury_switches_contest_and_its_pages_follow(two: Two) -> None:
    client = _client(factories.user("judge", role="judge"))
    assert _switched_to(client.get("/jury/").content.decode()) == [two["south"].pk]
    client.post("/contest/choose/", {"contest": two["north"].pk, "next": "/jury/?contest=1"})
    assert _switched_to(client.get("/jury/").content.decode()) == [two["north"].pk]
    # ?contest= still names a contest for one page.
    page = client.get(f"/jury/?contest={two['south'].pk}").content.decode()
    assert _switched_to(page) == [two["south"].pk]
