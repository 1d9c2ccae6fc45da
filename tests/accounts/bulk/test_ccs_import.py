"""The CCS Contest Package's organizations.json, groups.json, teams.json and accounts.json:
imported by id, re-imported in place, and refused row by row with nothing written."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
from pytest_django import Settings

from accounts.bulk import sources
from accounts.bulk.importer import bulk_import
from accounts.bulk.specs import BulkImportError
from accounts.models import Organization, Role, Team, User

pytestmark = pytest.mark.django_db

ORGS = [
    {
        "id": "kth.se",
        "name": "KTH",
        "formal_name": "KTH Royal Institute of Technology",
        "country": "SWE",
    },
    {"id": "up.pt", "name": "U. Porto", "country": "PRT"},
]
GROUPS = [{"id": "students", "name": "Students"}, {"id": "site-1", "name": "Site 1"}]
TEAMS = [
    {
        "id": "t1",
        "name": "kth-1",
        "label": "t1",
        "display_name": "KTH One",
        "organization_id": "kth.se",
        "group_ids": ["students", "site-1"],
        "x_location": "A1",
    },
    {"id": "t2", "name": "Porto", "label": "t2", "organization_id": "up.pt", "group_ids": []},
]
ACCOUNTS = [
    {"id": "a1", "username": "kth1", "type": "team", "team_id": "t1", "password": "pw1"},
    {"id": "a2", "username": "porto", "type": "team", "team_id": "t2"},
    {"id": "a3", "username": "alice", "type": "judge", "password": "pw3"},
    {"id": "a4", "username": "runner1", "type": "staff"},
]


def _files(**changes: list[dict[str, Any]]) -> dict[str, bytes]:
    files = {"organizations": ORGS, "groups": GROUPS, "teams": TEAMS, "accounts": ACCOUNTS}
    files |= changes
    return {f"{name}.json": json.dumps(objs).encode() for name, objs in files.items()}


def test_the_four_files_create_everything_by_id() -> None:
    bulk_import(sources.read(_files()))
    one = Team.objects.get(external_id="t1")
    assert one.name == "KTH One"  # display_name, as the scoreboard shows it
    assert one.organization is not None and one.organization.external_id == "kth.se"
    assert one.organization.formal_name == "KTH Royal Institute of Technology"
    assert one.affiliation == "KTH"
    assert one.category is not None and one.category.external_id == "students"  # the first group
    assert one.location == "A1"
    assert User.objects.get(username="kth1").check_password("pw1")
    assert User.objects.get(username="kth1").team == one
    assert User.objects.get(username="alice").role == Role.JUDGE
    assert User.objects.get(username="alice").team is None
    assert User.objects.get(username="runner1").role == Role.RUNNER


def test_a_re_import_renames_by_id_and_the_teams_affiliation_follows() -> None:
    bulk_import(sources.read(_files()))
    renamed = [ORGS[0] | {"name": "KTH Stockholm"}, ORGS[1]]
    bulk_import(sources.read(_files(organizations=renamed)))
    assert Organization.objects.count() == 2
    assert Team.objects.get(external_id="t1").affiliation == "KTH Stockholm"


def test_a_re_import_may_not_rename_onto_another_rows_name_and_writes_nothing() -> None:
    bulk_import(sources.read(_files()))
    clash = [ORGS[0] | {"name": "U. Porto", "country": "NOR"}, ORGS[1]]
    with pytest.raises(BulkImportError) as refused:
        bulk_import(sources.read(_files(organizations=clash)))
    assert [str(e) for e in refused.value.errors] == [
        "organizations.json row 1, name: 'U. Porto' is another organization's name"
    ]
    assert Organization.objects.get(external_id="kth.se").country == "SWE"


def test_a_zip_of_the_package_is_read_from_its_top_folder_with_the_largest_logo(
    settings: Settings, tmp_path: Path
) -> None:
    settings.MEDIA_ROOT = tmp_path
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in _files().items():
            archive.writestr(f"package/{name}", data)
        archive.writestr("package/organizations/kth.se/logo.56x56.png", b"\x89PNG small")
        archive.writestr("package/organizations/kth.se/logo.160x160.png", b"\x89PNG larger")
    bulk_import(sources.read({"package.zip": buffer.getvalue()}))
    assert Team.objects.count() == 2 and User.objects.count() == 4
    logo = Organization.objects.get(external_id="kth.se").logo
    assert logo.read() == b"\x89PNG larger"
    assert not Organization.objects.get(external_id="up.pt").logo


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"teams": [TEAMS[0] | {"organization_id": "mit.edu"}]},
            "teams.json row 1, organization_id: no organization 'mit.edu'",
        ),
        (
            {"teams": [TEAMS[0], TEAMS[1] | {"group_ids": ["nope"]}]},
            "teams.json row 2, group_id: no category 'nope'",
        ),
        (
            {"accounts": [ACCOUNTS[0] | {"team_id": "t9"}]},
            "accounts.json row 1, team_id: no team 't9'",
        ),
        (
            {"accounts": [ACCOUNTS[1] | {"type": "analyst"}]},
            "accounts.json row 1, type: 'analyst' is not one Juiz has",
        ),
        (
            {"accounts": [{"id": "x", "username": "x", "type": "team"}]},
            "accounts.json row 1, team_id: a team account needs one",
        ),
        ({"organizations": [ORGS[0] | {"country": "se"}]}, "organizations.json row 1, country:"),
        (
            {"organizations": [ORGS[0], ORGS[1] | {"name": "KTH"}]},
            "organizations.json row 2, name: 'KTH' is on an earlier row",
        ),
        (
            {"organizations": [ORGS[0], ORGS[0]]},
            "organizations.json row 2, id: 'kth.se' is on an earlier row",
        ),
        (
            {"groups": [{"id": "no name", "name": "G"}]},
            "groups.json row 1, id: 'no name' is not a CCS identifier",
        ),
        ({"teams": [{"id": "t1", "label": "t1"}]}, "teams.json row 1, name: is required"),
    ],
)
def test_a_bad_object_is_named_with_its_field_and_nothing_is_written(
    changes: dict[str, list[dict[str, Any]]], message: str
) -> None:
    with pytest.raises(BulkImportError) as refused:
        bulk_import(sources.read(_files(**changes)))
    assert any(str(e).startswith(message) for e in refused.value.errors), refused.value.errors
    assert not Team.objects.exists() and not Organization.objects.exists()
    assert not User.objects.exists()


def test_a_file_that_is_not_a_json_array_is_refused() -> None:
    with pytest.raises(BulkImportError) as refused:
        bulk_import(sources.read({"teams.json": b'{"id": "t1"}'}))
    assert (
        str(refused.value.errors[0]) == "teams.json row 0, (file): must be a JSON array of objects"
    )
