"""What a board looks like to a page and to live.js: plain JSON-able dicts.

The server-side template and the live updates use these same views, so a page rendered without
JavaScript and a page patched live show the same text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypedDict

from live.events import (
    BoardAudience,
    BoardView,
    CellState,
    CellView,
    ProblemView,
    RowView,
    ScoreProblemView,
    ScoreRowView,
)
from scoreboard import icpc, ioi

Audience = BoardAudience


class TeamInfo(TypedDict):
    id: int
    name: str
    affiliation: str
    country: str
    logo: str  # its address, or ""
    location: str
    category: int | None
    public: bool  # shown on the public board (no category, or a visible one)


def cell_state(c: icpc.Cell) -> CellState:
    if c.solved:
        return "solved"
    if c.pending:
        return "pending"
    return "failed" if c.tries else "empty"


def _tries_text(n: int) -> str:
    if n == 0:
        return ""
    return "1 try" if n == 1 else f"{n} tries"


def cell_view(problem: int, c: icpc.Cell, first: bool) -> CellView:
    state = cell_state(c)
    first = first and c.solved
    time = str(c.minute) if c.solved else ("?" if c.pending else "")
    css = f"sb-cell sb-{state}" + (" sb-first" if first else "")
    return CellView(
        problem=problem,
        state=state,
        first=first,
        time=time,
        tries=_tries_text(c.tries + c.pending),
        css=css,
    )


def row_view(
    team: TeamInfo,
    rank: int,
    row: icpc.Row,
    problems: Sequence[ProblemView],
    first: Mapping[int, frozenset[int]],
) -> RowView:
    cells = [
        cell_view(p["id"], row.cells[p["id"]], team["id"] in first.get(p["id"], ()))
        for p in problems
        if p["id"] in row.cells
    ]
    return RowView(
        team=team["id"],
        name=team["name"],
        affiliation=team["affiliation"],
        country=team["country"],
        logo=team["logo"],
        location=team["location"],
        category=team["category"],
        rank=rank,
        solved=row.solved,
        penalty=row.penalty,
        last=row.last_minute,
        cells=cells,
    )


def board_view(
    contest: int,
    audience: Audience,
    frozen: bool,
    problems: list[ProblemView],
    teams: Mapping[int, TeamInfo],
    standings: icpc.Standings,
) -> BoardView:
    rows = [
        row_view(teams[s.row.team], s.rank, s.row, problems, standings.first)
        for s in standings.standings
    ]
    return BoardView(
        contest=contest, audience=audience, frozen=frozen, problems=problems, rows=rows
    )


# --- the score board (IOI style) ------------------------------------------------------------


def points_text(score: float) -> str:
    """Points as the board shows them: at most two decimals, no trailing zeros ("72.5")."""
    return f"{round(score, 2):g}"


def score_cell_state(c: ioi.Cell, max_score: float | None) -> CellState:
    if c.tries and max_score is not None and c.score >= max_score - ioi.EPSILON:
        return "solved"
    if c.score > 0:
        return "partial"
    if c.pending:
        return "pending"
    return "failed" if c.tries else "empty"


def score_cell_view(problem: int, c: ioi.Cell, max_score: float | None) -> CellView:
    state = score_cell_state(c, max_score)
    shown = points_text(c.score) if c.tries else ""
    if c.pending:  # points still to come: "40 ?" (or "?" alone)
        shown = f"{shown} ?".strip()
    return CellView(
        problem=problem,
        state=state,
        first=False,
        time=shown,
        tries=_tries_text(c.tries + c.pending),
        css=f"sb-cell sb-{state}",
    )


def score_row_view(
    team: TeamInfo,
    rank: int,
    row: ioi.Row,
    problems: Sequence[ScoreProblemView],
) -> ScoreRowView:
    cells = [
        score_cell_view(p["id"], row.cells[p["id"]], p["max_score"])
        for p in problems
        if p["id"] in row.cells
    ]
    return ScoreRowView(
        team=team["id"],
        name=team["name"],
        affiliation=team["affiliation"],
        country=team["country"],
        logo=team["logo"],
        location=team["location"],
        category=team["category"],
        rank=rank,
        score=row.score,
        points=points_text(row.score),
        last=row.last_minute,
        cells=cells,
    )
