"""The awards page (/scoreboard/awards/): the jury sees it at any time (the live awards, to
check before the ceremony); the public and the teams once the contest is over and unfrozen."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from accounts.models import Team
from accounts.permissions import current_user
from scoreboard import awards
from scoreboard.audience import audience_for
from scoreboard.views import requested_contest, thaw_if_due


@dataclass(frozen=True, slots=True)
class Shown:
    award: awards.Award
    teams: list[Team]


def page(request: HttpRequest) -> HttpResponse:
    contest = requested_contest(request)
    if contest is None:
        return render(request, "team/no_contest.html", status=404)
    thaw_if_due(contest)
    user = current_user(request)
    audience = audience_for(user, contest, "")
    if audience is None:
        return redirect_to_login(request.get_full_path())
    published = awards.published(contest)
    context: dict[str, Any] = {
        "contest": contest,
        "audience": audience,
        "published": published,
        "awards": [],
    }
    if audience == "jury" or published:
        shown = timezone.now() >= contest.start or audience == "jury"
        context["awards"] = _with_teams(awards.awards(contest, audience, problems_shown=shown))
    return render(request, "scoreboard/awards.html", context)


def _with_teams(found: list[awards.Award]) -> list[Shown]:
    ids = {t for a in found for t in a.team_ids}
    teams = Team.objects.filter(pk__in=ids).select_related("organization")
    by_id = {t.pk: t for t in teams}
    return [Shown(a, [by_id[t] for t in a.team_ids if t in by_id]) for a in found]
