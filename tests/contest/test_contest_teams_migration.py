"""Teams and contests made before contest-team links are linked by the migration: every team
was in every contest then, and stays in it when an admin restricts a contest to its teams."""

from __future__ import annotations

from django.db.migrations.executor import MigrationExecutor

from contest.models import Contest, ContestTeam
from contest.selectors import teams_of
from tests.conftest import migrate_to_latest

BEFORE_LINKS = [("contest", "0021_style_settings"), ("accounts", "0004_bulk_organizations")]


def test_every_existing_team_is_linked_to_every_existing_contest(
    executor: MigrationExecutor,
) -> None:
    executor.migrate(BEFORE_LINKS)
    old = executor.loader.project_state(BEFORE_LINKS).apps
    contests = [
        old.get_model("contest", "Contest").objects.create(
            name=name, short_name=name, start="2026-01-01T10:00Z", end="2026-01-01T15:00Z"
        )
        for name in ("spring", "autumn")
    ]
    teams = [old.get_model("accounts", "Team").objects.create(name=n) for n in ("A", "B", "C")]
    migrate_to_latest(executor)

    links = set(ContestTeam.objects.values_list("contest_id", "team_id"))
    assert links == {(c.pk, t.pk) for c in contests for t in teams}
    spring = Contest.objects.get(short_name="spring")
    assert spring.open_to_all_teams  # nothing changes until an admin restricts it
    spring.open_to_all_teams = False
    spring.save()
    assert sorted(teams_of(spring).values_list("name", flat=True)) == ["A", "B", "C"]
