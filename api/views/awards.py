"""contests/<id>/awards[/<id>]: the contest's awards as the client's board gives them, from
scoreboard.awards, the computation the awards page uses as well (winner, medals, first to
solve, group winners; the freeze and privacy of the client's board apply)."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils import timezone

from accounts.models import User
from api import visibility
from api.filters import filtered, one
from api.http import JSON, ApiError, endpoint, get_contest
from contest.models import Contest
from scoreboard import awards as found_awards
from scoreboard.audience import audience_for


def _awards(user: User | None, contest: Contest) -> list[JSON]:
    audience = audience_for(user, contest, "")
    if audience is None:
        raise ApiError(401, "this contest's scoreboard is not public: authenticate")
    shown = visibility.problems_visible(user, contest, timezone.now())
    return [
        {"id": a.id, "citation": a.citation, "team_ids": [str(t) for t in a.team_ids]}
        for a in found_awards.awards(contest, audience, problems_shown=shown)
    ]


@endpoint()
def awards(request: HttpRequest, user: User | None, cid: str) -> list[JSON]:
    return filtered(_awards(user, get_contest(cid)), request.GET)


@endpoint()
def award(request: HttpRequest, user: User | None, cid: str, aid: str) -> JSON:
    return one(_awards(user, get_contest(cid)), aid, "award")
