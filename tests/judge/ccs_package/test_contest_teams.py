"""A Contest Package holds its contest's teams only (with what they refer to and their group
there), and an import makes them the imported contest's teams."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import call_command

from accounts.models import Category, Organization, Role, Team, User
from contest.models import Contest, ContestTeam
from contest.selectors import teams_of
from tests.judge.ccs_package.support import finished_demo
from tests.judge.ccs_package.test_round_trip import _empty_the_site
from tests.support import factories

pytestmark = pytest.mark.django_db(transaction=True)


def _two_contests() -> Contest:
    """The demo, linked to its own teams only, and another contest with a team of its own,
    which has its organization, group and account; Team 1 is a guest in the demo."""
    demo = finished_demo()
    guests = Category.objects.create(name="Guests", external_id="guests")
    demo_teams = list(Team.objects.all())
    other = factories.running_contest(short_name="other", name="Other", open_to_all_teams=False)
    kth = Organization.objects.create(external_id="kth", name="KTH")
    outsider = Team.objects.create(
        name="Outsider",
        organization=kth,
        affiliation="KTH",
        category=Category.objects.create(name="Nordic", external_id="nordic"),
    )
    factories.user("out1", role=Role.TEAM, team=outsider)
    ContestTeam.objects.create(contest=other, team=outsider)
    Contest.objects.filter(pk=demo.pk).update(open_to_all_teams=False)
    for team in demo_teams:
        category = guests if team.name == "Team 1" else None
        ContestTeam.objects.create(contest=demo, team=team, category=category)
    demo.refresh_from_db()
    return demo


def _read(folder: Path, name: str) -> list[dict[str, object]]:
    return json.loads((folder / name).read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_the_export_of_one_contest_has_none_of_the_others_teams(tmp_path: Path) -> None:
    demo = _two_contests()
    call_command("export_contest", "demo", str(tmp_path / "out"))
    folder = tmp_path / "out"
    names = {t["name"] for t in _read(folder, "teams.json")}
    assert names == set(teams_of(demo).values_list("name", flat=True))
    assert "Outsider" not in names and names
    assert "out1" not in {a["username"] for a in _read(folder, "accounts.json")}
    assert "KTH" not in {o["name"] for o in _read(folder, "organizations.json")}
    groups = {g["id"]: g["name"] for g in _read(folder, "groups.json")}
    assert "Nordic" not in groups.values()
    team1 = next(t for t in _read(folder, "teams.json") if t["name"] == "Team 1")
    assert team1["group_ids"] == ["guests"]  # its group in the demo, not its own


def test_a_contest_open_to_all_exports_every_team(tmp_path: Path) -> None:
    _two_contests()
    Contest.objects.filter(short_name="demo").update(open_to_all_teams=True)
    call_command("export_contest", "demo", str(tmp_path / "out"))
    assert "Outsider" in {t["name"] for t in _read(tmp_path / "out", "teams.json")}


def test_the_import_links_the_teams_to_the_contest_in_their_group(tmp_path: Path) -> None:
    demo = _two_contests()
    exported = set(teams_of(demo).values_list("name", flat=True))
    call_command("export_contest", "demo", str(tmp_path / "out"))
    _empty_the_site()
    Team.objects.create(name="Stranger")  # on the site, not in the package

    call_command("import_contest", str(tmp_path / "out"))

    again = Contest.objects.get(short_name="demo")
    assert not again.open_to_all_teams
    assert set(teams_of(again).values_list("name", flat=True)) == exported
    link = ContestTeam.objects.get(contest=again, team__name="Team 1")
    assert link.category is not None and link.category.name == "Guests"
    assert User.objects.filter(username="out1").count() == 0
