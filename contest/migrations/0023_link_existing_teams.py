"""Link every existing team to every existing contest.

Before contest-team links, every team competed in whichever contest was current, so every
team was in every contest. The links record that: an admin who later restricts a contest to
its linked teams (open_to_all_teams off) keeps today's teams in it."""

from __future__ import annotations

from typing import Any

from django.db import migrations


def link(apps: Any, schema_editor: Any) -> None:
    Contest = apps.get_model("contest", "Contest")
    ContestTeam = apps.get_model("contest", "ContestTeam")
    Team = apps.get_model("accounts", "Team")
    teams = list(Team.objects.values_list("pk", flat=True))
    for contest in Contest.objects.values_list("pk", flat=True):
        ContestTeam.objects.bulk_create(
            [ContestTeam(contest_id=contest, team_id=team) for team in teams],
            ignore_conflicts=True,
        )


class Migration(migrations.Migration):
    dependencies = [("contest", "0022_contest_teams")]

    operations = [migrations.RunPython(link, migrations.RunPython.noop)]
