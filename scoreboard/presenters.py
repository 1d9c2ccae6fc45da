"""What a board looks like to a page and to live.js: plain JSON-able dicts.

The server-side template and the live updates use these same views, so a page rendered without
JavaScript and a page patched live show the same text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypedDict

from live.events import BoardAudience, BoardView, CellState, CellView, ProblemView, RowView
from scoreboard import icpc

Audience = BoardAudience


class TeamInfo(TypedDict):
    id: int
    name: str
    affiliation: str
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
