"""Organizations: one per distinct affiliation, referenced by teams (api/organizations.py)."""

from __future__ import annotations

import re

import pytest

from accounts.models import Team, User
from api.organizations import organization_id
from tests.api.conftest import World, client_for
from tests.api.schemas import assert_valid, strict_get

pytestmark = pytest.mark.django_db

# The spec's identifier, anchored at both ends (the schema's own pattern is anchored only at
# the start).
IDENTIFIER = re.compile(r"^[A-Za-z0-9_]([A-Za-z0-9_.-]{0,34}[A-Za-z0-9_-]|)$")


def test_each_distinct_affiliation_is_one_organization(world: World) -> None:
    other = world.other_team_user.team
    other.affiliation = "  Universidade do Porto "  # the same text, padded
    other.save()
    Team.objects.create(name="Gamma", affiliation="Instituto Superior Técnico")
    Team.objects.create(name="Delta")  # no affiliation: no organization
    found = strict_get(client_for(), "contests/test/organizations")
    assert_valid("organizations.json", found)
    assert [o["name"] for o in found] == ["Instituto Superior Técnico", "Universidade do Porto"]


def test_teams_reference_their_organization(world: World) -> None:
    teams = {t["id"]: t for t in strict_get(client_for(), "contests/test/teams")}
    organizations = {o["id"] for o in strict_get(client_for(), "contests/test/organizations")}
    alpha = teams[str(world.team_user.team_id)]
    assert alpha["organization_id"] in organizations
    assert teams[str(world.other_team_user.team_id)]["organization_id"] is None
    one = strict_get(client_for(), f"contests/test/organizations/{alpha['organization_id']}")
    expected = {"id": alpha["organization_id"], "name": "Universidade do Porto"}
    assert one == expected | {"formal_name": None, "country": None}


@pytest.mark.parametrize("who", ["public", "team", "judge"])
def test_everyone_reads_organizations(world: World, who: str) -> None:
    user: User | None = {"public": None, "team": world.team_user, "judge": world.judge_user}[who]
    response = client_for(user).get("/api/contests/test/organizations")
    assert response.status_code == 200 and len(response.json()) == 1


@pytest.mark.parametrize(
    "name",
    ["Universidade do Porto", "東京大学", "a" * 200, "-.-", "École Polytechnique (X)"],
)
def test_organization_ids_fit_the_spec_identifier(name: str) -> None:
    assert IDENTIFIER.match(organization_id(name)), organization_id(name)


def test_organization_ids_are_stable_and_tell_names_apart() -> None:
    assert organization_id("MIT") == organization_id("MIT")
    assert organization_id("U. Porto") != organization_id("U Porto")  # same slug


def test_an_unknown_organization_is_a_json_404(world: World) -> None:
    response = client_for().get("/api/contests/test/organizations/nope")
    assert response.status_code == 404 and response.json()["code"] == 404
