"""IOI rules of scoreboard.ioi, table-driven: best score per problem, best per group across
submissions, pending and frozen submissions, non-tries, ties. No database."""

from __future__ import annotations

import pytest

from scoreboard import icpc, ioi
from scoreboard.ioi import Cell, Mode, ScoredSubmission

AC, WA, CE, IS = "Accepted", "Wrong Answer", "Compile Time Error", "Invalid Submission"
MIN = 60_000
PROBLEM, GROUPS = Mode.BEST_PROBLEM, Mode.BEST_GROUPS


def sub(
    sid: int,
    minute: float,
    verdict: str | None,
    score: float | None = None,
    groups: dict[str, float] | None = None,
    state: str = "final",
    team: int = 1,
    problem: int = 1,
) -> ScoredSubmission:
    event = icpc.SubmissionEvent(sid, team, problem, int(minute * MIN), state, verdict)
    listed = [{"name": n, "score": s, "max_score": 50} for n, s in (groups or {}).items()]
    return ioi.scored(event, score, listed)


CELL_CASES = [
    ("nothing", [], PROBLEM, Cell()),
    ("one partial", [sub(1, 10, WA, 30)], PROBLEM, Cell(30, 1, 0, 10 * MIN)),
    (
        "the best submission, not the last",
        [sub(1, 10, WA, 30), sub(2, 20, WA, 70), sub(3, 30, WA, 40)],
        PROBLEM,
        Cell(70, 3, 0, 20 * MIN),
    ),
    (
        "an equal score later is no improvement",
        [sub(1, 10, WA, 30), sub(2, 20, WA, 30)],
        PROBLEM,
        Cell(30, 2, 0, 10 * MIN),
    ),
    ("no score counts as 0", [sub(1, 10, WA)], PROBLEM, Cell(0, 1, 0, None)),
    (
        "a compile error is not a try",
        [sub(1, 5, CE), sub(2, 9, AC, 100)],
        PROBLEM,
        Cell(100, 1, 0, 9 * MIN),
    ),
    (
        "a judge's Invalid Submission scores nothing",
        [sub(1, 5, IS, 100)],
        PROBLEM,
        Cell(0, 0, 0, None),
    ),
    (
        "still judging: pending, worth nothing yet",
        [sub(1, 5, WA, 20), sub(2, 9, None, state="judging")],
        PROBLEM,
        Cell(20, 1, 1, 5 * MIN),
    ),
    (
        "best per problem takes one submission's total",
        [sub(1, 10, WA, 50, {"g1": 50, "g2": 0}), sub(2, 20, WA, 50, {"g1": 0, "g2": 50})],
        PROBLEM,
        Cell(50, 2, 0, 10 * MIN),
    ),
    (
        "best per group adds each group's best across submissions",
        [sub(1, 10, WA, 50, {"g1": 50, "g2": 0}), sub(2, 20, WA, 50, {"g1": 0, "g2": 50})],
        GROUPS,
        Cell(100, 2, 0, 20 * MIN),
    ),
    (
        "per group: a later submission that adds nothing does not move the time",
        [sub(1, 10, WA, 50, {"g1": 50, "g2": 0}), sub(2, 20, WA, 20, {"g1": 20, "g2": 0})],
        GROUPS,
        Cell(50, 2, 0, 10 * MIN),
    ),
    (
        "float points add up",
        [sub(1, 10, WA, 0.3, {"g1": 0.1, "g2": 0.2})],
        GROUPS,
        Cell(0.3, 1, 0, 10 * MIN),
    ),
]


@pytest.mark.parametrize(
    ("subs", "mode", "expected"), [c[1:] for c in CELL_CASES], ids=[c[0] for c in CELL_CASES]
)
def test_cell_follows_the_rules(subs: list[ScoredSubmission], mode: Mode, expected: Cell) -> None:
    assert ioi.cell(subs, mode, icpc.Rules(), icpc.JURY) == expected


def test_cell_does_not_depend_on_the_order_the_submissions_come_in() -> None:
    subs = [sub(1, 10, WA, 40, {"a": 40}), sub(2, 20, WA, 10, {"b": 10}), sub(3, 5, WA, 0)]
    forward = ioi.cell(subs, GROUPS, icpc.Rules(), icpc.JURY)
    assert ioi.cell(list(reversed(subs)), GROUPS, icpc.Rules(), icpc.JURY) == forward
    assert forward == Cell(50, 3, 0, 20 * MIN)


def test_pending_verdicts_wait_for_a_judge_when_the_contest_says_so() -> None:
    subs = [sub(1, 10, WA, 30), sub(2, 20, AC, 100, state="pending")]
    counted = ioi.cell(subs, PROBLEM, icpc.Rules(pending_counts=True), icpc.JURY)
    waiting = ioi.cell(subs, PROBLEM, icpc.Rules(pending_counts=False), icpc.JURY)
    assert (counted.score, counted.pending) == (100, 0)
    assert (waiting.score, waiting.pending, waiting.tries) == (30, 1, 1)


def test_the_freeze_hides_the_points_of_later_submissions_until_revealed() -> None:
    subs = [sub(1, 10, WA, 30), sub(2, 250, AC, 100)]
    frozen = icpc.Visibility(freeze_ms=240 * MIN)
    assert ioi.cell(subs, PROBLEM, icpc.Rules(), frozen) == Cell(30, 1, 1, 10 * MIN)
    revealed = icpc.Visibility(freeze_ms=240 * MIN, revealed_cells=frozenset({(1, 1)}))
    assert ioi.cell(subs, PROBLEM, icpc.Rules(), revealed) == Cell(100, 2, 0, 250 * MIN)
    unfrozen = icpc.Visibility(freeze_ms=240 * MIN, unfrozen=True)
    assert ioi.cell(subs, PROBLEM, icpc.Rules(), unfrozen).score == 100


def test_only_the_innermost_groups_of_a_report_count() -> None:
    groups = [
        {"name": "sample", "score": 0, "max_score": 0},
        {"name": "secret", "score": 60, "max_score": 100},
        {"name": "secret/g1", "score": 20, "max_score": 20},
        {"name": "secret/g2", "score": 40, "max_score": 80},
    ]
    s = ioi.scored(icpc.SubmissionEvent(1, 1, 1, 0, "final", WA), 60, groups)
    assert s.groups == (("sample", 0.0), ("secret/g1", 20.0), ("secret/g2", 40.0))
    assert s.max_score == 100


def test_rows_rank_by_points_then_the_earlier_last_improvement_and_share_ties() -> None:
    subs = [
        sub(1, 50, WA, 70, team=1),
        sub(2, 30, WA, 70, team=2),
        sub(3, 10, WA, 40, team=3, problem=1),
        sub(4, 30, WA, 30, team=3, problem=2),
        sub(5, 90, WA, 10, team=4),
        sub(6, 90, WA, 10, team=5),
    ]
    standings = ioi.compute([1, 2, 3, 4, 5, 6], subs, PROBLEM, icpc.Rules(), icpc.JURY)
    ranks = [(s.rank, s.row.team, s.row.score, s.row.last_minute) for s in standings.standings]
    assert ranks == [
        (1, 2, 70, 30),
        (1, 3, 70, 30),
        (3, 1, 70, 50),
        (4, 4, 10, 90),
        (4, 5, 10, 90),
        (6, 6, 0, 0),
    ]
