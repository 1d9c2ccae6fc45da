"""What a board looks like to a page and to live.js: plain JSON-able dicts.

The server-side template and the live updates use these same views, so a page rendered without
JavaScript and a page patched live show the same text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal, TypedDict

from scoreboard import icpc

Audience = Literal["jury", "public"]
CellState = Literal["solved", "failed", "pending", "empty"]


class ProblemView(TypedDict):
    id: int
    letter: str
    name: str
    color: str


class TeamInfo(TypedDict):
    id: int
    name: str
    affiliation: str
    category: int | None
    public: bool  # shown on the public board (no category, or a visible one)


class CellView(TypedDict):
    problem: int
    state: CellState
    first: bool  # first to solve this problem
    time: str  # minute of the accept, "?" while only pending tries, else ""
    tries: str  # "1 try", "3 tries", ""
    css: str  # class attribute of the cell


class RowView(TypedDict):
    team: int
    name: str
    affiliation: str
    category: int | None
    rank: int  # in the board it was rendered for; live.js re-ranks the rows it shows
    solved: int
    penalty: int
    last: int  # minute of the last accept (the third ranking key)
    cells: list[CellView]  # the cells with submissions, in board order (others are empty)


class BoardView(TypedDict):
    contest: int
    audience: Audience
    frozen: bool  # the public board hides results (only meaningful for the public audience)
    problems: list[ProblemView]
    rows: list[RowView]


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
