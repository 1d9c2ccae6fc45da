"""Several contests at once: contests restricted to their linked teams."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from accounts.models import Category, Team
from contest.models import Contest, ContestTeam


def restricted(
    short_name: str, *teams: Team, started_hours_ago: float = 1.0, hours: float = 5.0
) -> Contest:
    """A running contest open only to `teams` (linked, in their own categories)."""
    start = timezone.now() - timedelta(hours=started_hours_ago)
    contest = Contest.objects.create(
        name=f"Contest {short_name.title()}",
        short_name=short_name,
        start=start,
        end=start + timedelta(hours=hours),
        open_to_all_teams=False,
    )
    for team in teams:
        link(contest, team)
    return contest


def link(contest: Contest, team: Team, category: Category | None = None) -> ContestTeam:
    return ContestTeam.objects.create(contest=contest, team=team, category=category)
