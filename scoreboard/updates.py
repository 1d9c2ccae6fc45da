"""What changed on a board, for live updates: the changed teams' rows and the changed problems'
first solvers, read from the cached cells (a few rows and one aggregate, never the board)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypedDict

from django.db.models import Min

from contest import selectors
from contest.models import Contest
from live.events import ProblemView, RowView
from scoreboard import icpc, services
from scoreboard.models import ScoreCell
from scoreboard.presenters import Audience, row_view


class BoardChange(TypedDict):
    rows: list[RowView]  # rank is 0: the client re-ranks what it shows
    first: dict[str, list[int]]  # problem id -> first solvers (teams), for the problems named
    frozen: bool


def _solved(contest: Contest, audience: Audience, problem_ids: Iterable[int]) -> Any:
    solved = "solved" if audience == "jury" else "p_solved"
    query = ScoreCell.objects.filter(
        contest=contest, problem_id__in=list(problem_ids), **{solved: True}
    )
    # Only the contest's teams the audience sees (a public board hides invisible categories).
    shown = selectors.teams_of(contest)
    if audience == "public":
        shown = shown.exclude(pk__in=selectors.hidden_teams(contest))
    return query.filter(team__in=shown)


def best_times(contest: Contest, problem_ids: Iterable[int], audience: Audience) -> dict[int, int]:
    """Per problem, the earliest accepting time among the audience's teams."""
    time_field = "time_ms" if audience == "jury" else "p_time_ms"
    query = _solved(contest, audience, problem_ids).values_list("problem_id")
    return dict(query.annotate(best=Min(time_field)).order_by())


def first_for(
    contest: Contest, problem_ids: Iterable[int], audience: Audience
) -> dict[int, set[int]]:
    """First solvers of these problems among the audience's teams."""
    best = best_times(contest, problem_ids, audience)
    time_field = "time_ms" if audience == "jury" else "p_time_ms"
    first: dict[int, set[int]] = {}
    for problem, time_ms in best.items():
        at_best = _solved(contest, audience, [problem]).filter(**{time_field: time_ms})
        first[problem] = set(at_best.values_list("team_id", flat=True))
    return first


def _first_marks(
    contest: Contest, audience: Audience, rows: dict[int, icpc.Row], first: dict[int, set[int]]
) -> dict[int, frozenset[int]]:
    """First solvers to mark in these rows: those of the named problems, and for the rows'
    other solved cells, whether their time is the problem's best."""
    others = {p for r in rows.values() for p, c in r.cells.items() if c.solved} - set(first)
    best = best_times(contest, others, audience)
    found: dict[int, set[int]] = {p: set(t) for p, t in first.items()}
    for r in rows.values():
        for p, c in r.cells.items():
            if p in best and c.solved and c.time_ms == best[p]:
                found.setdefault(p, set()).add(r.team)
    return {p: frozenset(t) for p, t in found.items()}


def change(
    contest: Contest,
    audience: Audience,
    team_ids: Iterable[int] | None,
    problem_ids: Iterable[int] | None,
) -> BoardChange:
    """The rows of these teams (None: every team with cells) and the first solvers of these
    problems (None: all), as the audience sees them."""
    problems: list[ProblemView] = services.problems(contest)
    wanted = None if team_ids is None else set(team_ids)
    filters = {} if wanted is None else {"team_id__in": wanted}
    rows = services.load_rows(contest, audience, **filters)
    names = wanted if wanted is not None else set(rows)
    info = services.teams(contest, audience, ids=names)
    named = {p["id"] for p in problems} if problem_ids is None else set(problem_ids)
    first = first_for(contest, named, audience)
    marks = _first_marks(contest, audience, rows, first)
    views = [
        row_view(info[t], 0, rows.get(t) or icpc.row(t, {}), problems, marks)
        for t in sorted(names)
        if t in info
    ]
    return BoardChange(
        rows=views,
        first={str(p): sorted(first.get(p, ())) for p in sorted(named)},
        frozen=audience == "public" and contest.is_frozen(),
    )
