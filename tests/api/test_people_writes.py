"""POST organizations and accounts, PUT and DELETE organizations/<id> and accounts/<id>: admins
only, the spec's status codes and JSON errors, nothing written on a refusal, the event feed
told of organizations (accounts are not in it); and who reads accounts."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import Organization, Role, Team, User
from api.models import FeedEvent
from api.organizations import organization_id
from api.serializers import PROPERTIES
from contest.models import Contest
from judge.models import Submission
from tests.api.conftest import World, basic
from tests.api.test_config_writes import URL, refused, send
from tests.support import factories

pytestmark = pytest.mark.django_db(transaction=True)  # the feed records after the commit

PORTO = "Universidade do Porto"  # the world's first team's affiliation


def _rows() -> tuple[object, ...]:
    orgs = Organization.objects.order_by("pk").values_list("pk", "name", "formal_name", "country")
    users = User.objects.order_by("pk").values_list("pk", "username", "role", "team", "password")
    teams = Team.objects.order_by("pk").values_list("pk", "affiliation", "organization")
    return list(orgs), list(users), list(teams)


def _fed(kind: str, object_id: str, audience: str) -> object:
    found = FeedEvent.objects.filter(type=kind, object_id=object_id, audience=audience)
    return found.latest("id").data


# --- organizations ------------------------------------------------------------------------


def test_an_admin_creates_an_organization_a_team_then_names(
    contest: Contest, admin_user: User
) -> None:
    body = {"name": "KTH", "formal_name": "Royal Institute of Technology", "country": "SWE"}
    response = send("post", "organizations", body, admin_user)
    assert response.status_code == 201, response.content
    created = response.json()
    assert created == body | {"id": organization_id("KTH")}
    assert set(created) == set(PROPERTIES["organizations"])
    assert response["Location"].endswith(f"{URL}/organizations/{created['id']}")
    assert Client().get(f"{URL}/organizations/{created['id']}").json() == created
    assert _fed("organizations", created["id"], "public") == created
    team = send("post", "teams", {"name": "Gamma", "organization_id": created["id"]}, admin_user)
    assert team.json()["organization_id"] == created["id"]
    assert Team.objects.get(pk=team.json()["id"]).organization == Organization.objects.get()


def test_put_gives_a_teams_affiliation_its_formal_name(world: World, admin_user: User) -> None:
    oid = organization_id(PORTO)
    body = {"id": oid, "name": PORTO, "formal_name": "U. do Porto", "country": "PRT"}
    response = send("put", f"organizations/{oid}", body, admin_user)
    assert response.status_code == 200, response.content
    assert response.json() == body
    world.team_user.team.refresh_from_db()
    assert world.team_user.team.organization == Organization.objects.get(name=PORTO)
    assert _fed("organizations", oid, "public") == body
    again = send("put", f"organizations/{oid}", body | {"formal_name": None}, admin_user)
    assert again.json()["formal_name"] is None and Organization.objects.count() == 1


def test_an_organization_no_team_names_is_deleted(contest: Contest, admin_user: User) -> None:
    oid = send("post", "organizations", {"name": "KTH"}, admin_user).json()["id"]
    deleted = send("delete", f"organizations/{oid}", None, admin_user)
    assert deleted.status_code == 204 and deleted.content == b""
    assert not Organization.objects.exists()
    assert Client().get(f"{URL}/organizations/{oid}").status_code == 404
    refused(send("delete", f"organizations/{oid}", None, admin_user), 404)
    assert _fed("organizations", oid, "public") is None  # the feed's delete


ORG = organization_id(PORTO)


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "says"),
    [
        ("post", "organizations", {"id": "x", "name": "KTH"}, 400, "id must not be provided"),
        ("post", "organizations", {"name": " "}, 400, "name is required"),
        ("post", "organizations", {"name": "KTH", "country": "se"}, 400, "alpha-3"),
        ("post", "organizations", {"name": "KTH", "formal_name": 7}, 400, "formal_name"),
        ("post", "organizations", {"name": "KTH", "logo": []}, 400, "unknown properties"),
        ("post", "organizations", {"name": PORTO}, 409, "exists already"),
        ("put", "organizations/nowhere", {"id": "nowhere", "name": "X"}, 404, "not found"),
        ("put", f"organizations/{ORG}", {"id": "other", "name": PORTO}, 409, "does not match"),
        ("put", f"organizations/{ORG}", {"name": PORTO}, 400, "id is required"),
        ("put", f"organizations/{ORG}", {"id": ORG, "name": "UP"}, 409, "a new name is a new id"),
        ("delete", f"organizations/{ORG}", None, 409, "teams are affiliated"),
        ("delete", "organizations/nowhere", None, 404, "not found"),
    ],
)
def test_bad_organization_writes_get_the_specs_error_and_write_nothing(
    world: World, admin_user: User, method: str, path: str, body: object, status: int, says: str
) -> None:
    before = _rows()
    refused(send(method, path, body, admin_user), status, says)
    assert _rows() == before


# --- accounts -----------------------------------------------------------------------------


def test_an_admin_creates_a_team_account_that_logs_in(world: World, admin_user: User) -> None:
    team = str(world.other_team_user.team_id)
    body = {"username": "beta2", "password": "s3cret-pw", "type": "team", "team_id": team}
    response = send("post", "accounts", body, admin_user)
    assert response.status_code == 201, response.content
    created = response.json()
    assert created == {
        "id": created["id"],
        "username": "beta2",
        "name": "beta2",
        "type": "team",
    } | {"team_id": team}
    assert response["Location"].endswith(f"{URL}/accounts/{created['id']}")
    assert "password" not in Client().get(f"{URL}/accounts", **basic("admin")).json()[0]
    mine = Client().get(f"{URL}/access", **basic("beta2", "s3cret-pw"))
    assert mine.status_code == 200 and "team_submit" in mine.json()["capabilities"]
    # Accounts are not in the feed (api.feed.collect: the conformance script's rule).
    assert FeedEvent.objects.exists() and not FeedEvent.objects.filter(type="accounts").exists()


def test_put_replaces_an_account_and_keeps_its_password(world: World, admin_user: User) -> None:
    judge = world.judge_user
    body = {"id": str(judge.pk), "username": "judge", "name": "Ana", "type": "staff"}
    response = send("put", f"accounts/{judge.pk}", body, admin_user)
    assert response.status_code == 200, response.content
    assert response.json() == body | {"team_id": None}
    judge.refresh_from_db()
    assert judge.role == Role.RUNNER and judge.first_name == "Ana"
    assert Client().get(f"{URL}/access", **basic("judge")).status_code == 200  # same password


def test_an_account_is_deleted_and_what_it_did_kept(world: World, admin_user: User) -> None:
    user = world.team_user
    response = send("delete", f"accounts/{user.pk}", None, admin_user)
    assert response.status_code == 204 and response.content == b""
    assert not User.objects.filter(pk=user.pk).exists()
    assert Submission.objects.filter(pk=world.accepted.pk).exists()
    refused(send("delete", f"accounts/{user.pk}", None, admin_user), 404)


@pytest.mark.parametrize(
    ("method", "path", "body", "status", "says"),
    [
        ("post", "accounts", {"id": "9", "username": "x", "type": "judge"}, 400, "id must not"),
        ("post", "accounts", {"username": "x y", "type": "judge"}, 400, "username:"),
        ("post", "accounts", {"username": "x", "type": "analyst"}, 400, "type must be one of"),
        ("post", "accounts", {"username": "x", "type": "team"}, 400, "team_id is required"),
        ("post", "accounts", {"username": "x", "type": "team", "team_id": "0"}, 400, "unknown"),
        ("post", "accounts", {"username": "x", "type": "judge", "team_id": "{team}"}, 400, "only"),
        ("post", "accounts", {"username": "x", "type": "judge", "ip": "10.0.0.1"}, 400, "ip must"),
        ("post", "accounts", {"username": "x", "type": "judge", "password": ""}, 400, "password"),
        ("post", "accounts", {"username": "x", "type": "judge", "sex": "m"}, 400, "unknown prop"),
        ("post", "accounts", {"username": "JUDGE", "type": "judge"}, 409, "another account's"),
        ("put", "accounts/999999", {"id": "999999", "username": "x", "type": "judge"}, 404, ""),
        ("put", "accounts/{judge}", {"id": "1x", "username": "x", "type": "judge"}, 409, "match"),
        (
            "put",
            "accounts/{admin}",
            {"id": "{admin}", "username": "admin", "type": "judge"},
            409,
            "its own",
        ),
        ("delete", "accounts/{admin}", None, 409, "its own account"),
        ("delete", "accounts/999999", None, 404, "not found"),
    ],
)
def test_bad_account_writes_get_the_specs_error_and_write_nothing(
    world: World,
    admin_user: User,
    method: str,
    path: str,
    body: dict[str, str] | None,
    status: int,
    says: str,
) -> None:
    ids = {
        "{team}": str(world.team_user.team_id),
        "{judge}": str(world.judge_user.pk),
        "{admin}": str(admin_user.pk),
    }

    def filled(value: str) -> str:
        for key, found in ids.items():
            value = value.replace(key, found)
        return value

    if body is not None:
        body = {k: filled(v) for k, v in body.items()}
    before = _rows()
    refused(send(method, filled(path), body, admin_user), status, says)
    assert _rows() == before


def test_only_the_jury_reads_accounts(world: World, runner_user: User) -> None:
    refused(Client().get(f"{URL}/accounts"), 401)
    refused(Client().get(f"{URL}/accounts", **basic("alpha1")), 403, "only the jury")
    listed = Client().get(f"{URL}/accounts", **basic("judge")).json()
    by_name = {a["username"]: a for a in listed}
    assert by_name["alpha1"]["team_id"] == str(world.team_user.team_id)
    assert by_name["runner"]["type"] == "staff" and by_name["judge"]["type"] == "judge"


def test_a_team_account_of_another_contests_team_is_not_listed(
    world: World, admin_user: User
) -> None:
    factories.running_contest(short_name="other", name="Other", open_to_all_teams=False)
    listed = Client().get("/api/contests/other/accounts", **basic("admin")).json()
    assert {a["type"] for a in listed} == {"judge", "admin"}


def test_only_admins_write_organizations_and_accounts(
    world: World, judge_user: User, runner_user: User
) -> None:
    judge = str(judge_user.pk)
    writes = [
        ("post", "organizations", {"name": "KTH"}),
        ("put", f"organizations/{ORG}", {"id": ORG, "name": PORTO}),
        ("delete", f"organizations/{ORG}", None),
        ("post", "accounts", {"username": "x", "type": "judge"}),
        ("put", f"accounts/{judge}", {"id": judge, "username": "x", "type": "admin"}),
        ("delete", f"accounts/{judge}", None),
    ]
    before = _rows()
    for method, path, body in writes:
        refused(send(method, path, body, None), 401)
        for user in (world.team_user, judge_user, runner_user):
            refused(send(method, path, body, user), 403, "only admins")
    assert _rows() == before
