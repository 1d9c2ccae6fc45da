"""IOI-style scoreboard rules over plain data: no Django, like scoreboard.icpc.

The score board ranks teams by the points of their scoring problems (docs/scoreboard.md,
"The score board"). As on the ICPC board, a cell (one team, one problem) depends on that cell's
submissions alone, so an incremental update recomputes one cell and re-ranks the rows.

Rules:
- A submission counts when this audience sees its verdict and the verdict is a try on the ICPC
  board (scoreboard.icpc.outcome: accepted or rejected). Its points are its judgement's score
  (none: 0). Submissions the audience cannot see yet (judging, pending when pending verdicts do
  not count, frozen and not revealed) are *pending*: shown as "?", worth nothing until visible.
- ``best-problem``: a cell is worth the best score of its counted submissions.
  ``best-groups``: a cell is worth the sum, over the problem's test groups, of each group's best
  score across the counted submissions (IOI's subtask scoring). Only the innermost groups a
  report lists count, so a report that lists both "secret" and "secret/g1" is not counted twice.
- A cell's time is the contest time of the submission that last raised its points.
- Rows are ranked by total points (more first), then the minute of the last improvement
  (earlier first; the CCS API's tie-break); equal rows share a rank and are listed by name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

from scoreboard import icpc

EPSILON = 1e-6  # scores are floats: 0.1 + 0.2 is worth 0.3


class Mode(Enum):
    BEST_PROBLEM = "best-problem"
    BEST_GROUPS = "best-groups"


@dataclass(frozen=True, slots=True)
class ScoredSubmission:
    """One submission of a scoring problem: its ICPC event and its judgement's points."""

    event: icpc.SubmissionEvent
    score: float | None = None
    groups: tuple[tuple[str, float], ...] = ()  # (group name, points), innermost groups only
    max_score: float | None = None  # the most its report says it could have scored

    @property
    def order(self) -> tuple[int, int]:
        return self.event.order


def innermost_groups(groups: Iterable[Mapping[str, object]]) -> list[Mapping[str, object]]:
    """The groups of a report that contain no other listed group (by name: "a" contains
    "a/b"); their points add up to the submission's, whatever the nesting."""
    listed = list(groups)
    names = [str(g.get("name", "")) for g in listed]
    return [
        g
        for g, name in zip(listed, names, strict=True)
        if not any(other.startswith(name + "/") for other in names)
    ]


def scored(
    event: icpc.SubmissionEvent, score: float | None, groups: Iterable[Mapping[str, object]]
) -> ScoredSubmission:
    """A submission from its judgement's score and report groups (Report.to_dict()'s)."""
    inner = innermost_groups(groups)
    points = tuple((str(g.get("name", "")), _number(g.get("score"))) for g in inner)
    return ScoredSubmission(event, score, points, max_score(inner))


def max_score(groups: Iterable[Mapping[str, object]]) -> float | None:
    """The most a report's groups say it could score (None: they give no maxima)."""
    inner = innermost_groups(groups)
    maxima = [_number(g.get("max_score")) for g in inner if g.get("max_score") is not None]
    return sum(maxima) if maxima else None


def _number(value: object) -> float:
    return float(value) if isinstance(value, int | float) else 0.0


@dataclass(frozen=True, slots=True)
class Cell:
    score: float = 0.0
    tries: int = 0  # counted submissions (their points are visible)
    pending: int = 0  # submissions whose points this audience does not see yet
    time_ms: int | None = None  # contest time of the last improvement (None: no points)

    @property
    def minute(self) -> int | None:
        return None if self.time_ms is None else self.time_ms // icpc.MS_PER_MINUTE


EMPTY = Cell()


def cell(
    subs: Iterable[ScoredSubmission], mode: Mode, rules: icpc.Rules, vis: icpc.Visibility
) -> Cell:
    """The cell of one team and one problem, from that cell's submissions in any order."""
    tries = pending = 0
    score, time_ms = 0.0, None
    best_groups: dict[str, float] = {}
    for sub in sorted(subs, key=lambda s: s.order):
        result = icpc.outcome(sub.event, rules, vis)
        if result is icpc.Outcome.IGNORE:
            continue
        if result is icpc.Outcome.UNKNOWN:
            pending += 1
            continue
        tries += 1
        now = _points(sub, mode, best_groups)
        if now > score + EPSILON:
            score, time_ms = now, max(sub.event.time_ms, 0)
    if not tries and not pending:
        return EMPTY
    return Cell(round(score, 6), tries, pending, time_ms)


def _points(sub: ScoredSubmission, mode: Mode, best_groups: dict[str, float]) -> float:
    """The cell's points once `sub` counts (best_groups is updated in best-groups mode)."""
    own = sub.score or 0.0
    if mode is Mode.BEST_PROBLEM:
        return own  # the cell keeps the best of these
    # A report without groups scores as one group of its own.
    for name, points in sub.groups or (("", own),):
        best_groups[name] = max(best_groups.get(name, 0.0), points)
    return sum(best_groups.values())


@dataclass(frozen=True, slots=True)
class Row:
    team: int
    cells: Mapping[int, Cell]  # problem -> cell; problems without submissions are absent
    score: float
    last_minute: int  # minute of the last improvement of any cell (0 with no points)

    @property
    def key(self) -> tuple[float, int]:
        return (-round(self.score, 6), self.last_minute)


def row(team: int, cells: Mapping[int, Cell]) -> Row:
    kept = {p: c for p, c in cells.items() if c != EMPTY}
    scoring = [c for c in kept.values() if c.score > 0]
    return Row(
        team=team,
        cells=kept,
        score=round(sum(c.score for c in scoring), 6),
        last_minute=max((c.minute or 0 for c in scoring), default=0),
    )


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    row: Row


@dataclass(frozen=True, slots=True)
class Standings:
    standings: tuple[Standing, ...] = field(default_factory=tuple)


def rank(rows: Iterable[Row], names: Mapping[int, str] | None = None) -> Standings:
    """Rank rows; equal keys share the rank of the first of them (1, 2, 2, 4), listed by team
    name, then id."""
    names = names or {}
    ordered = sorted(rows, key=lambda r: (r.key, names.get(r.team, ""), r.team))
    standings: list[Standing] = []
    for position, r in enumerate(ordered, start=1):
        shared = standings and standings[-1].row.key == r.key
        standings.append(Standing(standings[-1].rank if shared else position, r))
    return Standings(tuple(standings))


def compute_cells(
    teams: Sequence[int],
    subs: Iterable[ScoredSubmission],
    mode: Mode,
    rules: icpc.Rules,
    vis: icpc.Visibility,
) -> dict[int, dict[int, Cell]]:
    by_cell: dict[tuple[int, int], list[ScoredSubmission]] = {}
    for sub in subs:
        by_cell.setdefault((sub.event.team, sub.event.problem), []).append(sub)
    cells: dict[int, dict[int, Cell]] = {t: {} for t in teams}
    for (team, problem), group in by_cell.items():
        if team in cells:
            cells[team][problem] = cell(group, mode, rules, vis)
    return cells


def compute(
    teams: Sequence[int],
    subs: Iterable[ScoredSubmission],
    mode: Mode,
    rules: icpc.Rules,
    vis: icpc.Visibility = icpc.JURY,
    names: Mapping[int, str] | None = None,
) -> Standings:
    """The whole board from all submissions (the reference the cached cells must equal)."""
    cells = compute_cells(teams, subs, mode, rules, vis)
    return rank((row(t, c) for t, c in cells.items()), names)
