"""Reading the score board (IOI style) from the cached cells, and its live changes.

The cells are the ICPC board's rows (scoreboard.models.ScoreCell, s_* and ps_* fields), kept by
scoreboard.services under the same lock and revision: a reader here ranks at most teams x
scoring problems cells, and keeps the ranked rows per process while the revision is unchanged.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import Any, TypedDict

from django.db.models import Max

from contest.models import Contest
from live.events import ScoreBoardView, ScoreProblemView, ScoreRowView
from scoreboard import ioi, scores, services
from scoreboard.models import ScoreCell
from scoreboard.presenters import Audience, TeamInfo, score_row_view

_cache: dict[tuple[int, str], tuple[Any, dict[int, ioi.Row]]] = {}
_views: dict[tuple[int, str, int | None], tuple[tuple[Any, ...], ScoreBoardView]] = {}
_lock = threading.Lock()


def shown(contest: Contest) -> bool:
    """The contest shows a score board (Contest.score_board)."""
    return scores.mode_for(contest) is not None


def problems(contest: Contest, fresh: bool = True) -> list[ScoreProblemView]:
    """The scoring problems in board order, with the most a submission can score (read from
    the cells: `fresh` rebuilds them first if they are stale, which needs Redis)."""
    if fresh:
        services.ensure_fresh(contest)
    scoring = set(scores.scoring_problems(contest))
    maxima = dict(
        ScoreCell.objects.filter(contest=contest, problem_id__in=scoring)
        .values_list("problem_id")
        .annotate(best=Max("s_max"))
        .order_by()
    )
    return [
        ScoreProblemView(**p, max_score=maxima.get(p["id"]))
        for p in services.problems(contest)
        if p["id"] in scoring
    ]


def load_rows(contest: Contest, audience: Audience, **filters: Any) -> dict[int, ioi.Row]:
    fields = scores.SCORE_FIELDS if audience == "jury" else scores.PUBLIC_SCORE_FIELDS
    query = ScoreCell.objects.filter(
        contest=contest, problem_id__in=scores.scoring_problems(contest), **filters
    )
    cells: dict[int, dict[int, ioi.Cell]] = {}
    for team, problem, *values in query.values_list("team_id", "problem_id", *fields):
        cells.setdefault(team, {})[problem] = ioi.Cell(*values)
    return {team: ioi.row(team, c) for team, c in cells.items()}


def cached_rows(contest: Contest, audience: Audience) -> dict[int, ioi.Row]:
    return _cached_rows(contest, audience)[1]


def _cached_rows(contest: Contest, audience: Audience) -> tuple[Any, dict[int, ioi.Row]]:
    """The rows and the (revision, rules) token they were read at."""
    token = (services.revision(contest.id), services.rules_key(contest))
    with _lock:
        hit = _cache.get((contest.id, audience))
    if hit is not None and hit[0] == token:
        return hit
    if services.ensure_fresh(contest):
        token = (services.revision(contest.id), token[1])
    rows = load_rows(contest, audience)
    with _lock:
        _cache[(contest.id, audience)] = (token, rows)
    return token, rows


def board(
    contest: Contest, audience: Audience, category: int | None = None, cached: bool = True
) -> ScoreBoardView:
    """The score board as the audience sees it, optionally one category's teams (ranked
    among themselves). `cached=False` reads the cells straight from the database (Redis,
    where the revision lives, is down).

    The result is kept per process while the cells, the teams, the problems and the freeze
    are unchanged (as scoreboard.services.board does); callers must not modify it."""
    everyone = services.teams(contest, audience)
    if not cached:
        return _board(contest, audience, category, everyone, load_rows(contest, audience), False)
    token, rows = _cached_rows(contest, audience)
    problem_list = problems(contest)
    fingerprint = (
        token,
        audience == "public" and contest.is_frozen(),
        tuple(tuple(info.values()) for info in everyone.values()),
        tuple(tuple(p.values()) for p in problem_list),
    )
    key = (contest.id, audience, category)
    with _lock:
        hit = _views.get(key)
    if hit is not None and hit[0] == fingerprint:
        return hit[1]
    view = _board(contest, audience, category, everyone, rows, True, problem_list)
    with _lock:
        _views[key] = (fingerprint, view)
    return view


def _board(
    contest: Contest,
    audience: Audience,
    category: int | None,
    everyone: dict[int, TeamInfo],
    rows: dict[int, ioi.Row],
    fresh: bool,
    problem_list: list[ScoreProblemView] | None = None,
) -> ScoreBoardView:
    shown_teams = everyone
    if category is not None:
        shown_teams = {t: i for t, i in everyone.items() if i["category"] == category}
    standings = ioi.rank(
        (rows.get(t) or ioi.row(t, {}) for t in shown_teams),
        {t: info["name"] for t, info in shown_teams.items()},
    )
    if problem_list is None:
        problem_list = problems(contest, fresh=fresh)
    return ScoreBoardView(
        contest=contest.id,
        audience=audience,
        frozen=audience == "public" and contest.is_frozen(),
        mode=contest.score_board,
        problems=problem_list,
        rows=[
            score_row_view(shown_teams[s.row.team], s.rank, s.row, problem_list)
            for s in standings.standings
        ],
    )


class ScoreChange(TypedDict):
    rows: list[ScoreRowView]  # rank is 0: the client re-ranks what it shows
    frozen: bool


def change(contest: Contest, audience: Audience, team_ids: Iterable[int] | None) -> ScoreChange:
    """The rows of these teams (None: every team with cells), as the audience sees them."""
    wanted = None if team_ids is None else set(team_ids)
    rows = load_rows(contest, audience, **({} if wanted is None else {"team_id__in": wanted}))
    names = wanted if wanted is not None else set(rows)
    info: dict[int, TeamInfo] = services.teams(contest, audience, ids=names)
    problem_list = problems(contest)
    return ScoreChange(
        rows=[
            score_row_view(info[t], 0, rows.get(t) or ioi.row(t, {}), problem_list)
            for t in sorted(names)
            if t in info
        ],
        frozen=audience == "public" and contest.is_frozen(),
    )
