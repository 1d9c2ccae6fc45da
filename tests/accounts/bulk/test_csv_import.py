"""A CSV import: teams with their organization, group, location and accounts; a re-import
updates the same rows; a bad row is named with its field and nothing of the import is
written."""

from __future__ import annotations

import pytest

from accounts.bulk import csv_format
from accounts.bulk.importer import bulk_import
from accounts.bulk.specs import BulkImportError
from accounts.models import Category, Organization, Role, Team, User

pytestmark = pytest.mark.django_db

CSV = """team,organization,country,group,location,username,password
Byte Me,Universidade do Porto,PRT,Students,Room 1 desk 4,byteme1,s3cret
Byte Me,Universidade do Porto,PRT,Students,Room 1 desk 4,byteme2,
Null Pointers,KTH,SWE,Students,Room 2 desk 1,nullp,
Lone Team,,,,,,
"""


def _import(text: str) -> None:
    bulk_import(csv_format.read(text))


def test_a_csv_creates_teams_organizations_groups_and_accounts() -> None:
    _import(CSV)
    team = Team.objects.get(name="Byte Me")
    assert team.organization is not None
    assert (team.organization.name, team.organization.country) == ("Universidade do Porto", "PRT")
    assert team.affiliation == "Universidade do Porto"  # what the API reads
    assert team.category is not None and team.category.name == "Students"
    assert team.location == "Room 1 desk 4"
    assert sorted(team.members.values_list("username", flat=True)) == ["byteme1", "byteme2"]
    one = User.objects.get(username="byteme1")
    assert one.role == Role.TEAM and one.check_password("s3cret")
    assert not User.objects.get(username="byteme2").has_usable_password()
    assert Team.objects.get(name="Lone Team").organization is None
    assert Organization.objects.count() == 2 and Category.objects.count() == 1


def test_re_importing_updates_the_same_rows_and_keeps_passwords() -> None:
    _import(CSV)
    moved = CSV.replace("Room 2 desk 1", "Room 3 desk 9").replace(",KTH,SWE,", ",KTH,SWE,Pros,")
    moved = moved.replace("Pros,Students,", "Pros,")
    _import(moved)
    assert Team.objects.count() == 3 and User.objects.count() == 3
    team = Team.objects.get(name="Null Pointers")
    assert team.location == "Room 3 desk 9"
    assert team.category is not None and team.category.name == "Pros"
    assert User.objects.get(username="byteme1").check_password("s3cret")


def test_the_header_may_say_affiliation_and_category_in_any_order() -> None:
    _import("username,category,affiliation,team\nx1,Open,MIT,Team X\n")
    team = Team.objects.get(name="Team X")
    assert team.affiliation == "MIT" and team.category is not None
    assert team.category.name == "Open"


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("Bad,Org,Portugal,,,bad1,", "teams.csv row 3, country: 'Portugal' is not ISO 3166-1"),
        (",Org,,,,bad1,", "teams.csv row 3, team: is empty"),
        ("Bad,,,,,no spaces,", "teams.csv row 3, username: 'no spaces'"),
        ("Bad,,,,,byteme1,", "teams.csv row 3, username: 'byteme1' is on an earlier row"),
        ("Bad,,,,,,pw", "teams.csv row 3, password: given without a username"),
        ("Byte Me,,,,Room 9,bad1,", "teams.csv row 3, organization: differs from teams.csv row 2"),
        ("B" * 101 + ",,,,,,", "teams.csv row 3, name: longer than 100 characters"),
    ],
)
def test_a_bad_row_is_named_with_its_field_and_nothing_is_written(row: str, message: str) -> None:
    text = "team,organization,country,group,location,username,password\n"
    text += "Byte Me,Universidade do Porto,PRT,Students,Room 1,byteme1,\n" + row + "\n"
    with pytest.raises(BulkImportError) as refused:
        _import(text)
    assert any(str(e).startswith(message) for e in refused.value.errors), refused.value.errors
    assert not Team.objects.exists()
    assert not Organization.objects.exists() and not User.objects.exists()


def test_an_import_does_not_turn_a_judge_into_a_team_and_writes_nothing() -> None:
    User.objects.create_user("boss", role=Role.JUDGE)
    with pytest.raises(BulkImportError) as refused:
        _import("team,username\nFine Team,fine1\nSneaky,boss\n")
    assert [str(e) for e in refused.value.errors] == [
        "teams.csv row 3, username: 'boss' is a Judge account (an import does not change roles)"
    ]
    assert not Team.objects.exists()
    assert User.objects.get(username="boss").role == Role.JUDGE


def test_an_unknown_column_is_refused_in_the_header() -> None:
    with pytest.raises(BulkImportError) as refused:
        _import("team,colour\nA,red\n")
    assert str(refused.value.errors[0]).startswith("teams.csv row 1, colour: unknown column")
