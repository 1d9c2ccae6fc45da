"""Export, then import into an empty database: the same teams, organizations, groups and
accounts (passwords are not exported). Through the commands, both formats."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from pytest_django import Settings

from accounts.models import Category, Organization, Team, User
from tests.accounts.bulk.test_ccs_import import _files

pytestmark = pytest.mark.django_db


def _world() -> dict[str, list[tuple[object, ...]]]:
    teams = Team.objects.order_by("name").values_list(
        "name",
        "affiliation",
        "organization__name",
        "organization__country",
        "category__name",
        "location",
    )
    users = User.objects.order_by("username").values_list("username", "role", "team__name")
    orgs = Organization.objects.values_list("external_id", "name", "formal_name")
    return {
        "teams": list(teams),
        "users": list(users),
        "organizations": list(orgs),
        "groups": list(Category.objects.values_list("name")),
    }


def _empty() -> None:
    User.objects.all().delete()
    Team.objects.all().delete()
    Organization.objects.all().delete()
    Category.objects.all().delete()


def _imported(tmp_path: Path) -> Path:
    source = tmp_path / "source"
    source.mkdir()
    for name, data in _files().items():
        (source / name).write_bytes(data)
    (source / "organizations" / "up.pt").mkdir(parents=True)
    (source / "organizations" / "up.pt" / "logo.64x64.png").write_bytes(b"\x89PNG porto")
    call_command("import_teams", str(source))
    return source


@pytest.mark.parametrize("fmt", ["ccs", "csv"])
def test_export_then_import_into_an_empty_db_gives_the_same_teams(
    tmp_path: Path, fmt: str, settings: Settings
) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    _imported(tmp_path)
    (tmp_path / "more.csv").write_text(
        "team,organization,country,location,username\nCSV Team,MIT,USA,B7,csv1\n"
    )
    call_command("import_teams", str(tmp_path / "more.csv"))
    before = _world()
    assert len(before["teams"]) == 3 and len(before["users"]) == 5
    out = tmp_path / "out"
    call_command("export_teams", str(out))
    _empty()
    if fmt == "csv":
        # A CSV keeps teams' accounts only, and no ids: compare what it carries.
        call_command("import_teams", str(out / "teams.csv"))
        after = _world()
        assert after["teams"] == before["teams"]
        assert after["users"] == [u for u in before["users"] if u[1] == "team"]
    else:
        (out / "teams.csv").unlink()  # a folder is read as a package: one format at a time
        call_command("import_teams", str(out))
        assert _world() == before
        assert Organization.objects.get(external_id="up.pt").logo.read() == b"\x89PNG porto"


def test_the_import_command_says_which_row_was_refused(tmp_path: Path) -> None:
    bad = tmp_path / "teams.csv"
    bad.write_text("team,country\nA,\nB,PRT\n")
    with pytest.raises(
        CommandError, match=r"teams\.csv row 3, country: given without an organization"
    ):
        call_command("import_teams", str(bad))
    assert not Team.objects.exists()


def test_the_passwords_command_writes_the_sheets_and_only_hashes_are_kept(tmp_path: Path) -> None:
    call_command("import_teams", _csv(tmp_path))
    out = tmp_path / "sheets.html"
    call_command("team_passwords", str(out))
    html = out.read_text()
    assert html.count("data-sheet>") == 1 and oct(out.stat().st_mode)[-3:] == "600"
    password = html.split("data-password>")[1].split("<")[0]
    assert User.objects.get(username="csv1").check_password(password)
    assert password not in User.objects.get(username="csv1").password


def _csv(tmp_path: Path) -> str:
    path = tmp_path / "one.csv"
    path.write_text("team,location,username\nCSV Team,B7,csv1\n")
    return str(path)
