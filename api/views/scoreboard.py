"""The scoreboard endpoint: the contest's ICPC board, or its score board when it shows one
(Contest.score_board; the contest's scoreboard_type is then "score")."""

from __future__ import annotations

from datetime import datetime

from django.http import HttpRequest
from django.utils import timezone

from accounts.models import User
from api import visibility
from api.http import JSON, ApiError, endpoint, get_contest
from api.serializers.scoreboard import envelope, pass_fail_row, score_row
from contest.models import Contest
from scoreboard import icpc, ioi, score_board, services
from scoreboard.audience import audience_for
from scoreboard.presenters import Audience


def _group(request: HttpRequest) -> int | None:
    wanted = request.GET.get("group_id", "")
    if wanted and not wanted.isdigit():
        raise ApiError(404, f"group {wanted!r} not found")
    return int(wanted) if wanted else None


@endpoint()
def scoreboard(request: HttpRequest, user: User | None, cid: str) -> JSON:
    contest, now = get_contest(cid), timezone.now()
    return envelope(contest, now, board_rows(user, contest, _group(request), now))


def board_rows(user: User | None, contest: Contest, group: int | None, now: datetime) -> list[JSON]:
    """The rows the client's board shows (its audience's: the freeze applies outside the jury);
    a private board needs authentication."""
    audience = audience_for(user, contest, "")
    if audience is None:
        raise ApiError(401, "this contest's scoreboard is not public: authenticate")
    shown = visibility.problems_visible(user, contest, now)
    if score_board.shown(contest):
        return _score_rows(contest, audience, group, shown)
    return _pass_fail_rows(contest, audience, group, shown)


def _pass_fail_rows(
    contest: Contest, audience: Audience, group: int | None, shown: bool
) -> list[JSON]:
    board = services.board(contest, audience, group)
    cells = services.cached_rows(contest, audience)
    problems = [p["id"] for p in board["problems"]] if shown else []
    return [
        pass_fail_row(r["rank"], cells.get(r["team"]) or icpc.row(r["team"], {}), problems)
        for r in board["rows"]
    ]


def _score_rows(contest: Contest, audience: Audience, group: int | None, shown: bool) -> list[JSON]:
    board = score_board.board(contest, audience, group)
    cells = score_board.cached_rows(contest, audience)
    problems = [p["id"] for p in board["problems"]] if shown else []
    return [
        score_row(r["rank"], cells.get(r["team"]) or ioi.row(r["team"], {}), problems)
        for r in board["rows"]
    ]
