"""The layouts and spellings a package may use: the older problemset.yaml with the problem
folders at the root, accounts.yaml, YAML's readings of times, a zip of one folder."""

from __future__ import annotations

import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from accounts.models import Role, User
from config.demo_problems import PROBLEMS, write_package
from judge.ccs_package.importer import import_contest

pytestmark = pytest.mark.django_db

# YAML reads 5:00:00 as 18000 and the timestamp as a datetime; penalty_time in minutes.
CONTEST = """\
id: autumn
name: Autumn Cup
start_time: 2026-10-01T09:00:00+01
duration: 5:00:00
scoreboard_freeze_duration: 1:00:00
penalty_time: 30
"""
PROBLEMSET = """\
problems:
  - letter: A
    short-name: sum
    rgb: '#00f'
  - letter: B
    short-name: average
    color: green
"""
ACCOUNTS = """\
- id: alpha
  username: alpha
  password: till-wise-under
  type: team
  team_id: t1
- id: stephan
  username: stephan
  type: judge
"""


def _kattis_layout(root: Path) -> Path:
    root.mkdir(parents=True)
    (root / "contest.yaml").write_text(CONTEST)
    (root / "problemset.yaml").write_text(PROBLEMSET)
    for letter in ("A", "B"):
        write_package(next(p for p in PROBLEMS if p.letter == letter), root)  # <root>/<slug>/
    (root / "teams.json").write_text('[{"id": "t1", "name": "Alpha"}]')
    (root / "accounts.yaml").write_text(ACCOUNTS)
    return root


def test_problemset_yaml_with_the_packages_beside_it(tmp_path: Path) -> None:
    contest = import_contest(_kattis_layout(tmp_path / "autumn")).contest
    start = datetime(2026, 10, 1, 8, tzinfo=UTC)
    assert (contest.start, contest.end - contest.start) == (start, timedelta(hours=5))
    assert (contest.freeze_start, contest.penalty_minutes) == (start + timedelta(hours=4), 30)
    problems = list(contest.problems.order_by("letter").values_list("letter", "name", "color"))
    assert problems == [("A", "sum", "#00f"), ("B", "average", "green")]


def test_accounts_yaml_makes_the_accounts_with_their_passwords(tmp_path: Path) -> None:
    import_contest(_kattis_layout(tmp_path / "autumn"))
    alpha = User.objects.get(username="alpha")
    assert (alpha.role, alpha.team.name, alpha.check_password("till-wise-under")) == (
        Role.TEAM,
        "Alpha",
        True,
    )
    assert User.objects.get(username="stephan").role == Role.JUDGE


def test_a_zip_of_the_package_folder_imports_as_the_folder(tmp_path: Path) -> None:
    folder = _kattis_layout(tmp_path / "src" / "autumn")
    archive = shutil.make_archive(str(tmp_path / "autumn"), "zip", folder.parent, folder.name)
    imported = import_contest(Path(archive), short_name="autumn-b")
    assert (imported.contest.short_name, imported.problems) == ("autumn-b", 2)


def test_importing_the_same_package_again_updates_in_place(tmp_path: Path) -> None:
    root = _kattis_layout(tmp_path / "autumn")
    first = import_contest(root)
    (root / "contest.yaml").write_text(CONTEST.replace("Autumn Cup", "Autumn Cup 2"))
    again = import_contest(root)
    assert (again.created, again.contest.pk, again.contest.name) == (
        False,
        first.contest.pk,
        "Autumn Cup 2",
    )
    assert again.contest.problems.count() == 2
    assert User.objects.filter(username="alpha").count() == 1
