"""Organizations on the boards, the awards page and the balloon list: the logo, the name, the
country's code; where the team sits on the jury's board only. The logo's own endpoint."""

from __future__ import annotations

import re

import pytest
from django.core.files.base import ContentFile
from django.test import Client
from django.urls import reverse

from accounts.models import Organization, Team, User
from contest.models import Contest
from live import balloons as live_balloons
from scoreboard import balloons, services
from tests.support import factories
from tests.support.scoreboard import problem, submit

pytestmark = pytest.mark.django_db
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 16


@pytest.fixture
def porto(db: None) -> tuple[Contest, Team, Organization]:
    contest = factories.running_contest()
    org = Organization.objects.create(external_id="up", name="U. Porto", country="PRT")
    org.logo.save("logo.png", ContentFile(PNG), save=True)
    team = factories.team(
        "Alpha", organization=org, affiliation="U. Porto", location="Room 2, desk 14"
    )
    factories.team("Beta")  # no organization: no logo, no country
    submit(contest, team, problem(contest, "A"), 10, "final", "Accepted")
    services.rebuild(contest)
    return contest, team, org


def _team_cell(page: str, team: Team) -> str:
    found = re.search(rf'<tr data-team-id="{team.pk}".*?<td class="sb-team">(.*?)</td>', page)
    assert found is not None
    return found.group(1)


def _get(user: User | None, url: str, **query: object) -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    response = client.get(url, query)
    assert response.status_code == 200
    return response.content.decode()


def test_the_public_board_shows_the_logo_name_and_country_but_not_the_desk(
    porto: tuple[Contest, Team, Organization],
) -> None:
    contest, team, org = porto
    cell = _team_cell(_get(None, reverse("scoreboard:board"), contest=contest.pk), team)
    logo = reverse("scoreboard:logo", args=[org.pk])
    assert f'<img class="sb-logo" src="{logo}"' in cell
    assert "U. Porto" in cell and '<abbr class="sb-country" title="Country">PRT</abbr>' in cell
    assert "Room 2" not in cell
    beta = Team.objects.get(name="Beta")
    other = _team_cell(_get(None, reverse("scoreboard:board"), contest=contest.pk), beta)
    assert "sb-logo" not in other and "sb-country" not in other


def test_the_jurys_board_shows_where_the_team_sits(
    porto: tuple[Contest, Team, Organization],
) -> None:
    contest, team, _ = porto
    judge = factories.user("judge", role="judge")
    cell = _team_cell(_get(judge, reverse("scoreboard:board"), contest=contest.pk), team)
    assert '<span class="sb-location small">Room 2, desk 14</span>' in cell


def test_the_balloon_list_shows_the_organization(
    porto: tuple[Contest, Team, Organization],
) -> None:
    contest, team, org = porto
    balloons.refresh(contest, team.pk, contest.problems.get().pk)
    runner = factories.user("runner", role="runner")
    page = _get(runner, reverse("jury:balloons"))
    logo = reverse("scoreboard:logo", args=[org.pk])
    assert f'src="{logo}"' in page and ">PRT</abbr>" in page and "Room 2, desk 14" in page
    [view] = live_balloons.views(contest)
    assert (view["country"], view["logo"], view["location"]) == ("PRT", logo, "Room 2, desk 14")


def test_the_awards_page_shows_the_organization(
    porto: tuple[Contest, Team, Organization],
) -> None:
    contest, _, org = porto
    judge = factories.user("judge", role="judge")
    page = _get(judge, reverse("scoreboard:awards"), contest=contest.pk)
    assert reverse("scoreboard:logo", args=[org.pk]) in page and ">PRT</abbr>" in page


def test_a_logo_is_sent_sandboxed_and_a_missing_one_is_a_404(
    porto: tuple[Contest, Team, Organization],
) -> None:
    _, _, org = porto
    response = Client().get(reverse("scoreboard:logo", args=[org.pk]))
    assert response["Content-Type"] == "image/png"
    assert response["Content-Security-Policy"].startswith("sandbox")
    assert response["X-Content-Type-Options"] == "nosniff"
    bare = Organization.objects.create(external_id="x", name="No logo")
    assert Client().get(reverse("scoreboard:logo", args=[bare.pk])).status_code == 404
    assert Client().get(reverse("scoreboard:logo", args=[99999])).status_code == 404
