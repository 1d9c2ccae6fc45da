"""POST teams and groups, PUT and DELETE teams/<id> and groups/<id>: admins only, the spec's
status codes and JSON errors, nothing written on a refusal, and the event feed told."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pytest
from django.test import Client

from accounts.models import Category, Organization, Team, User
from api.models import FeedEvent
from api.organizations import organization_id
from api.serializers import PROPERTIES
from contest.models import Contest
from tests.api.conftest import World, basic

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as Response

pytestmark = pytest.mark.django_db(transaction=True)  # the feed records after the commit

URL = "/api/contests/test"


def send(method: str, path: str, body: object, user: User | None) -> Response:
    headers = basic(user.username) if user is not None else {}
    call = getattr(Client(), method)
    data = json.dumps(body) if body is not None else ""
    return call(f"{URL}/{path}", data, content_type="application/json", **headers)  # type: ignore[no-any-return]


def refused(response: Response, status: int, says: str = "") -> None:
    assert response.status_code == status, response.content
    assert response.json()["code"] == status and says in response.json()["message"]


def _rows() -> tuple[object, ...]:
    teams = list(Team.objects.order_by("pk").values_list("pk", "name", "affiliation", "category"))
    return teams, list(Category.objects.order_by("pk").values_list("pk", "name"))


def test_an_admin_creates_a_team_in_a_group_and_organization(
    world: World, admin_user: User
) -> None:
    group = Category.objects.get()
    org = organization_id("Universidade do Porto")
    body = {"name": "Gamma", "organization_id": org, "group_ids": [str(group.pk)]}
    response = send("post", "teams", body, admin_user)
    assert response.status_code == 201, response.content
    created = response.json()
    assert set(created) == set(PROPERTIES["teams"])
    assert created["organization_id"] == org and created["group_ids"] == [str(group.pk)]
    assert response["Location"].endswith(f"{URL}/teams/{created['id']}")
    assert Client().get(f"{URL}/teams/{created['id']}").json() == created
    fed = FeedEvent.objects.filter(type="teams", object_id=created["id"], audience="public")
    assert fed.get().data == created


def test_an_organization_of_the_admin_pages_can_be_named(
    contest: Contest, admin_user: User
) -> None:
    Organization.objects.create(external_id="up", name="U. Porto")
    body = {"name": "Gamma", "organization_id": organization_id("U. Porto")}
    created = send("post", "teams", body, admin_user).json()
    team = Team.objects.get(pk=created["id"])
    assert team.organization is not None and team.affiliation == "U. Porto"
    orgs = Client().get(f"{URL}/organizations").json()
    assert {"id": created["organization_id"], "name": "U. Porto"}.items() <= orgs[0].items()


def test_put_replaces_every_property(world: World, admin_user: User) -> None:
    team = world.team_user.team
    body = {"id": str(team.pk), "name": "Alpha Prime", "group_ids": []}
    response = send("put", f"teams/{team.pk}", body, admin_user)
    assert response.status_code == 200, response.content
    team.refresh_from_db()
    assert team.name == "Alpha Prime" and team.category is None and team.affiliation == ""
    assert response.json()["organization_id"] is None
    fed = FeedEvent.objects.filter(type="teams", object_id=str(team.pk), audience="jury")
    assert fed.latest("id").data == response.json()


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "says"),
    [
        ("post", "teams", {"id": "7", "name": "G"}, 400, "id must not be provided"),
        ("post", "teams", {"name": ""}, 400, "name is required"),
        ("post", "teams", {"name": "G", "organization_id": "nowhere"}, 400, "organization_id"),
        ("post", "teams", {"name": "G", "group_ids": ["999999"]}, 400, "unknown group"),
        ("post", "teams", {"name": "G", "group_ids": "1"}, 400, "array"),
        ("post", "teams", {"name": "G", "label": "X"}, 400, "label"),
        ("post", "teams", {"name": "G", "display_name": "H"}, 400, "display_name"),
        ("post", "teams", {"name": "G", "hat": 1}, 400, "unknown properties"),
        ("post", "teams", {"name": "Beta"}, 409, "another team's name"),
        ("put", "teams/999999", {"id": "999999", "name": "G"}, 404, "not found"),
        ("put", "teams/{team}", {"id": "1x", "name": "G"}, 409, "does not match"),
        ("put", "teams/{team}", {"name": "G"}, 400, "id is required"),
        ("put", "teams/{team}", {"id": "{team}", "name": "Beta"}, 409, "another team's name"),
        ("delete", "teams/999999", None, 404, "not found"),
        ("delete", "teams/{team}", None, 409, "submissions"),
        ("post", "groups", {"name": "Students"}, 409, "another category's name"),
        ("post", "groups", {"name": "G", "type": "site"}, 400, "type must be null"),
        ("put", "groups/999999", {"id": "999999", "name": "G"}, 404, "not found"),
        ("delete", "groups/999999", None, 404, "not found"),
    ],
)
def test_bad_writes_get_the_specs_error_and_write_nothing(
    world: World,
    admin_user: User,
    method: str,
    path: str,
    body: dict[str, str] | None,
    status: int,
    says: str,
) -> None:
    team = str(world.team_user.team_id)
    path = path.replace("{team}", team)
    if body is not None:
        body = {k: v.replace("{team}", team) if isinstance(v, str) else v for k, v in body.items()}
    before = _rows()
    refused(send(method, path, body, admin_user), status, says)
    assert _rows() == before


def test_a_group_is_created_renamed_and_deleted(contest: Contest, admin_user: User) -> None:
    response = send("post", "groups", {"name": "Juniors"}, admin_user)
    assert response.status_code == 201, response.content
    gid = response.json()["id"]
    assert response.json() == {"id": gid, "name": "Juniors", "type": None}
    renamed = send("put", f"groups/{gid}", {"id": gid, "name": "Seniors"}, admin_user)
    assert renamed.status_code == 200 and renamed.json()["name"] == "Seniors"
    deleted = send("delete", f"groups/{gid}", None, admin_user)
    assert deleted.status_code == 204 and deleted.content == b""
    assert Client().get(f"{URL}/groups/{gid}").status_code == 404
    refused(send("delete", f"groups/{gid}", None, admin_user), 404)  # repeated: 404
    last = FeedEvent.objects.filter(type="groups", object_id=gid, audience="public").latest("id")
    assert last.data is None  # the feed's delete


def test_deleting_a_group_keeps_its_teams(world: World, admin_user: User) -> None:
    group = Category.objects.get()
    assert send("delete", f"groups/{group.pk}", None, admin_user).status_code == 204
    world.team_user.team.refresh_from_db()
    assert world.team_user.team.category is None


def test_a_team_without_submissions_is_deleted_and_its_members_kept(
    contest: Contest, admin_user: User, team_user: User
) -> None:
    tid = str(team_user.team_id)
    assert send("delete", f"teams/{tid}", None, admin_user).status_code == 204
    team_user.refresh_from_db()
    assert team_user.team is None and not Team.objects.filter(pk=tid).exists()


def test_a_delete_needs_no_content_type(contest: Contest, admin_user: User) -> None:
    group = Category.objects.create(name="Juniors")
    response = Client().delete(f"{URL}/groups/{group.pk}", **basic(admin_user.username))
    assert response.status_code == 204


def test_only_admins_write_configuration(world: World, judge_user: User, runner_user: User) -> None:
    team = str(world.team_user.team_id)
    writes = [
        ("post", "teams", {"name": "G"}),
        ("put", f"teams/{team}", {"id": team, "name": "G"}),
        ("delete", f"teams/{world.other_team_user.team_id}", None),
        ("post", "groups", {"name": "G"}),
    ]
    before = _rows()
    for method, path, body in writes:
        refused(send(method, path, body, None), 401)
        for user in (world.team_user, judge_user, runner_user):
            refused(send(method, path, body, user), 403, "only admins")
    assert _rows() == before


def test_other_methods_are_a_405_with_allow(contest: Contest, admin_user: User) -> None:
    response = send("patch", "teams", {"name": "G"}, admin_user)
    assert response.status_code == 405 and response["Allow"] == "GET, POST"
    assert send("post", "languages", {}, admin_user).status_code == 405
