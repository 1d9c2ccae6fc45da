"""contests/<id>/awards[/<id>]: the awards Juiz can keep up to date from the board the client
sees (api.views.scoreboard.board_rows), so they follow its freeze and privacy:

- `winner`: the team(s) ranked first, once a team has scored (solved a problem, or points);
- `group-winner-<id>`: the same among one group's teams, for every group.

Medals need counts Juiz does not configure, and `first-to-solve-<id>` must wait for every
earlier unjudged submission, which the board's first-solver marks do not: neither is offered.
"""

from __future__ import annotations

from datetime import datetime

from django.http import HttpRequest
from django.utils import timezone

from accounts.models import Category, User
from api.filters import filtered, one
from api.http import JSON, endpoint, get_contest
from api.views.scoreboard import board_rows
from contest.models import Contest


def _scored(row: JSON) -> bool:
    score = row["score"]
    return bool(score.get("num_solved") or score.get("score"))


def _leaders(rows: list[JSON]) -> list[str]:
    """Rank 1 of the board, or nobody while no team has scored."""
    return [str(r["team_id"]) for r in rows if r["rank"] == 1 and _scored(r)]


def _awards(user: User | None, contest: Contest, now: datetime) -> list[JSON]:
    found = [_award("winner", "Winner", board_rows(user, contest, None, now))]
    for group in Category.objects.order_by("sort_order", "name", "pk"):
        rows = board_rows(user, contest, group.pk, now)
        found.append(_award(f"group-winner-{group.pk}", f"Winner of {group.name}", rows))
    return found


def _award(award_id: str, citation: str, rows: list[JSON]) -> JSON:
    return {"id": award_id, "citation": citation, "team_ids": _leaders(rows)}


@endpoint()
def awards(request: HttpRequest, user: User | None, cid: str) -> list[JSON]:
    return filtered(_awards(user, get_contest(cid), timezone.now()), request.GET)


@endpoint()
def award(request: HttpRequest, user: User | None, cid: str, aid: str) -> JSON:
    return one(_awards(user, get_contest(cid), timezone.now()), aid, "award")
