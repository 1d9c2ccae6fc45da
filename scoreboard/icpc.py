"""ICPC scoreboard rules over plain data: no Django, so the rules are property-testable.

A board is a set of *cells* (one team, one problem), each computed from that cell's submissions
alone, and a *ranking* of the rows those cells make. Because a cell depends only on its own
submissions, an incremental update recomputes one cell and re-ranks the rows -- the same result
as computing everything again (the property tests check exactly this).

Rules (ICPC World Finals, with Mooshak's classifications):
- A team's row is ranked by problems solved (more first), then penalty minutes (fewer first),
  then the minute of its last accepted submission (earlier first). Rows equal on all three share
  a rank.
- A solved problem costs the minutes from the contest start to the accepting submission plus
  ``penalty_minutes`` for each rejected submission before it. Compile errors count only when the
  contest says so; Invalid Submission, Program Size Exceeded and Requires Reevaluation never do.
- Submissions after the accepting one are ignored.
- A submission whose verdict this audience cannot see (still judging; pending when pending
  verdicts do not count; submitted during the freeze and not yet revealed) is a *pending* try:
  shown, but it neither solves nor costs anything until its verdict is visible.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

from judging.classification import PENALTY, Classification

MS_PER_MINUTE = 60_000
UNJUDGED_STATES = frozenset({"queued", "judging"})


@dataclass(frozen=True, slots=True)
class Rules:
    penalty_minutes: int = 20
    compile_errors_count: bool = False
    pending_counts: bool = True


@dataclass(frozen=True, slots=True)
class Visibility:
    """What an audience may see. The default (no freeze) is the jury's live view."""

    freeze_ms: int | None = None  # contest time at which the freeze begins
    unfrozen: bool = False  # the jury lifted the freeze for everything
    revealed_problems: frozenset[int] = frozenset()
    revealed_cells: frozenset[tuple[int, int]] = frozenset()  # (team, problem)

    def hides(self, sub: SubmissionEvent) -> bool:
        return (
            self.freeze_ms is not None
            and not self.unfrozen
            and sub.time_ms >= self.freeze_ms
            and sub.problem not in self.revealed_problems
            and (sub.team, sub.problem) not in self.revealed_cells
        )


JURY = Visibility()


@dataclass(frozen=True, slots=True)
class SubmissionEvent:
    """One submission as the scoreboard needs it; ``time_ms`` is contest time."""

    id: int
    team: int
    problem: int
    time_ms: int
    state: str  # queued | judging | pending | final
    classification: str | None = None  # the verdict in force, a Classification value

    @property
    def order(self) -> tuple[int, int]:
        return (self.time_ms, self.id)


class Outcome(Enum):
    ACCEPT = "accept"
    REJECT = "reject"  # a penalty try
    IGNORE = "ignore"  # not a try at all (CE when not counted, submission errors)
    UNKNOWN = "unknown"  # a try whose result this audience does not see


def outcome(sub: SubmissionEvent, rules: Rules, vis: Visibility) -> Outcome:
    if vis.hides(sub) or sub.state in UNJUDGED_STATES or not sub.classification:
        return Outcome.UNKNOWN
    if sub.state == "pending" and not rules.pending_counts:
        return Outcome.UNKNOWN
    verdict = Classification(sub.classification)
    if verdict.is_accepted:
        return Outcome.ACCEPT
    if verdict is Classification.COMPILE_TIME_ERROR:
        return Outcome.REJECT if rules.compile_errors_count else Outcome.IGNORE
    return Outcome.REJECT if PENALTY[verdict] else Outcome.IGNORE


@dataclass(frozen=True, slots=True)
class Cell:
    tries: int = 0  # counted tries, the accepting one included
    pending: int = 0  # tries whose result is not visible (before the accept, if any)
    solved: bool = False
    minute: int | None = None  # contest minute of the accepting submission
    time_ms: int | None = None  # its exact contest time, for first-to-solve
    penalty: int = 0  # minutes this cell adds to the row (0 unless solved)


EMPTY = Cell()


def cell(subs: Iterable[SubmissionEvent], rules: Rules, vis: Visibility) -> Cell:
    """The cell of one team and one problem, from that cell's submissions in any order."""
    tries = pending = 0
    for sub in sorted(subs, key=lambda s: s.order):
        result = outcome(sub, rules, vis)
        if result is Outcome.IGNORE:
            continue
        if result is Outcome.UNKNOWN:
            pending += 1
            continue
        tries += 1
        if result is Outcome.ACCEPT:
            minute = max(sub.time_ms, 0) // MS_PER_MINUTE
            penalty = minute + rules.penalty_minutes * (tries - 1)
            return Cell(tries, pending, True, minute, max(sub.time_ms, 0), penalty)
    return Cell(tries, pending) if tries or pending else EMPTY


@dataclass(frozen=True, slots=True)
class Row:
    team: int
    cells: Mapping[int, Cell]  # problem -> cell; problems without submissions are absent
    solved: int
    penalty: int
    last_minute: int  # minute of the last accept (0 with none)

    @property
    def key(self) -> tuple[int, int, int]:
        return (-self.solved, self.penalty, self.last_minute)


def row(team: int, cells: Mapping[int, Cell]) -> Row:
    solved = [c for c in cells.values() if c.solved]
    return Row(
        team=team,
        cells={p: c for p, c in cells.items() if c != EMPTY},
        solved=len(solved),
        penalty=sum(c.penalty for c in solved),
        last_minute=max((c.minute or 0 for c in solved), default=0),
    )


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    row: Row


@dataclass(frozen=True, slots=True)
class Standings:
    standings: tuple[Standing, ...]
    first: Mapping[int, frozenset[int]] = field(default_factory=dict)  # problem -> teams

    def rank_of(self, team: int) -> int | None:
        return next((s.rank for s in self.standings if s.row.team == team), None)


def first_solvers(rows: Iterable[Row]) -> dict[int, frozenset[int]]:
    """Per problem, the team(s) with the earliest accepting submission (equal times share)."""
    best: dict[int, tuple[int, set[int]]] = {}
    for r in rows:
        for problem, c in r.cells.items():
            if not c.solved or c.time_ms is None:
                continue
            current = best.get(problem)
            if current is None or c.time_ms < current[0]:
                best[problem] = (c.time_ms, {r.team})
            elif c.time_ms == current[0]:
                current[1].add(r.team)
    return {p: frozenset(teams) for p, (_, teams) in best.items()}


def rank(rows: Iterable[Row], names: Mapping[int, str] | None = None) -> Standings:
    """Rank rows; equal keys share the rank of the first of them (1, 2, 2, 4). Rows that share
    a rank are listed by team name, then id, so the order is stable."""
    names = names or {}
    rows = list(rows)
    ordered = sorted(rows, key=lambda r: (r.key, names.get(r.team, ""), r.team))
    standings: list[Standing] = []
    for position, r in enumerate(ordered, start=1):
        shared = standings and standings[-1].row.key == r.key
        standings.append(Standing(standings[-1].rank if shared else position, r))
    return Standings(tuple(standings), first_solvers(rows))


def compute(
    teams: Sequence[int],
    subs: Iterable[SubmissionEvent],
    rules: Rules,
    vis: Visibility = JURY,
    names: Mapping[int, str] | None = None,
) -> Standings:
    """The whole board from all submissions (the reference the incremental path must equal)."""
    return rank((row(t, c) for t, c in compute_cells(teams, subs, rules, vis).items()), names)


def compute_cells(
    teams: Sequence[int], subs: Iterable[SubmissionEvent], rules: Rules, vis: Visibility
) -> dict[int, dict[int, Cell]]:
    by_cell: dict[tuple[int, int], list[SubmissionEvent]] = {}
    for sub in subs:
        by_cell.setdefault((sub.team, sub.problem), []).append(sub)
    cells: dict[int, dict[int, Cell]] = {t: {} for t in teams}
    for (team, problem), group in by_cell.items():
        if team in cells:
            cells[team][problem] = cell(group, rules, vis)
    return cells


class Board:
    """The incremental board: keeps each cell's submissions and recomputes only what changed."""

    def __init__(
        self,
        teams: Sequence[int],
        rules: Rules,
        vis: Visibility = JURY,
        names: Mapping[int, str] | None = None,
    ) -> None:
        self.rules, self.vis, self.names = rules, vis, dict(names or {})
        self._subs: dict[tuple[int, int], dict[int, SubmissionEvent]] = {}
        self._where: dict[int, tuple[int, int]] = {}  # submission id -> its cell
        self._cells: dict[int, dict[int, Cell]] = {t: {} for t in teams}
        self._rows: dict[int, Row] = {t: row(t, {}) for t in teams}

    def upsert(self, sub: SubmissionEvent) -> set[int]:
        """Add a submission or replace its previous state; return the teams whose row changed."""
        key = (sub.team, sub.problem)
        # A submission never moves to another cell in practice; if it did, refresh the old one.
        changed = self.remove(sub.id) if self._where.get(sub.id, key) != key else set()
        self._subs.setdefault(key, {})[sub.id] = sub
        self._where[sub.id] = key
        return changed | self._refresh(key)

    def remove(self, submission_id: int) -> set[int]:
        key = self._where.pop(submission_id, None)
        if key is None:
            return set()
        del self._subs[key][submission_id]
        return self._refresh(key)

    def set_visibility(self, vis: Visibility) -> set[int]:
        """A reveal or unfreeze: recompute every cell with submissions under the new view."""
        self.vis = vis
        changed: set[int] = set()
        for key in list(self._subs):
            changed |= self._refresh(key)
        return changed

    def _refresh(self, key: tuple[int, int]) -> set[int]:
        team, problem = key
        if team not in self._cells:
            return set()
        new = cell(self._subs.get(key, {}).values(), self.rules, self.vis)
        if self._cells[team].get(problem, EMPTY) == new:
            return set()
        self._cells[team][problem] = new
        self._rows[team] = row(team, self._cells[team])
        return {team}

    def row(self, team: int) -> Row:
        return self._rows[team]

    def standings(self) -> Standings:
        return rank(self._rows.values(), self.names)


def next_reveal(
    public: Standings, hidden: Iterable[tuple[int, int]], problem_order: Sequence[int]
) -> tuple[int, int] | None:
    """The resolver's next step: the lowest-ranked team that still has a hidden cell, and its
    first hidden problem in board order. None when nothing is hidden."""
    hidden_by_team: dict[int, list[int]] = {}
    for team, problem in hidden:
        hidden_by_team.setdefault(team, []).append(problem)
    position = {p: i for i, p in enumerate(problem_order)}
    for standing in reversed(public.standings):
        problems = hidden_by_team.get(standing.row.team)
        if problems:
            return standing.row.team, min(problems, key=lambda p: position.get(p, len(position)))
    return None


def settled_first_solvers(
    subs: Iterable[SubmissionEvent], rules: Rules, vis: Visibility = JURY
) -> dict[int, frozenset[int]]:
    """Per problem, its first solver(s) once nothing can change them: the CCS API's
    first-to-solve, which "implies that no unjudged submission made earlier remains". A
    problem is left out while a try whose result the audience cannot see was made at or
    before its earliest accept (at the same millisecond it could share the award)."""
    by_problem: dict[int, list[SubmissionEvent]] = {}
    for sub in subs:
        by_problem.setdefault(sub.problem, []).append(sub)
    settled: dict[int, frozenset[int]] = {}
    for problem, group in by_problem.items():
        teams = _settled_first(sorted(group, key=lambda s: s.order), rules, vis)
        if teams:
            settled[problem] = teams
    return settled


def _settled_first(
    ordered: Sequence[SubmissionEvent], rules: Rules, vis: Visibility
) -> frozenset[int]:
    first_ms: int | None = None
    teams: set[int] = set()
    for sub in ordered:
        if first_ms is not None and sub.time_ms > first_ms:
            break
        result = outcome(sub, rules, vis)
        if result is Outcome.UNKNOWN:
            return frozenset()
        if result is Outcome.ACCEPT:
            first_ms = sub.time_ms
            teams.add(sub.team)
    return frozenset(teams)
