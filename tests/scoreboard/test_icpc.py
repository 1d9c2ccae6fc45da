"""ICPC rules of scoreboard.icpc, table-driven: penalty arithmetic, ties, first to solve,
freeze and reveal, pending handling. No database."""

from __future__ import annotations

import pytest

from scoreboard import icpc
from scoreboard.icpc import Cell, Rules, SubmissionEvent, Visibility

AC, WA, TLE, CE = "Accepted", "Wrong Answer", "Time Limit Exceeded", "Compile Time Error"
IS, PSE, RR, PE = (
    "Invalid Submission",
    "Program Size Exceeded",
    "Requires Reevaluation",
    ("Presentation Error"),
)
MIN = 60_000


def sub(
    sid: int,
    minute: float,
    verdict: str | None,
    state: str = "final",
    team: int = 1,
    problem: int = 1,
) -> SubmissionEvent:
    return SubmissionEvent(sid, team, problem, int(minute * MIN), state, verdict)


CELL_CASES = [
    ("nothing", [], Rules(), Cell()),
    ("first try", [sub(1, 34.9, AC)], Rules(), Cell(1, 0, True, 34, int(34.9 * MIN), 34)),
    (
        "two wrong then AC",
        [sub(1, 10, WA), sub(2, 20, TLE), sub(3, 50, AC)],
        Rules(),
        Cell(3, 0, True, 50, 50 * MIN, 50 + 2 * 20),
    ),
    (
        "penalty minutes of the contest",
        [sub(1, 10, WA), sub(2, 50, AC)],
        Rules(penalty_minutes=5),
        Cell(2, 0, True, 50, 50 * MIN, 55),
    ),
    (
        "CE does not count by default",
        [sub(1, 5, CE), sub(2, 9, AC)],
        Rules(),
        Cell(1, 0, True, 9, 9 * MIN, 9),
    ),
    (
        "CE counts when configured",
        [sub(1, 5, CE), sub(2, 9, AC)],
        Rules(compile_errors_count=True),
        Cell(2, 0, True, 9, 9 * MIN, 29),
    ),
    (
        "submission errors never count",
        [sub(1, 1, IS), sub(2, 2, PSE), sub(3, 3, RR), sub(4, 4, AC)],
        Rules(compile_errors_count=True),
        Cell(1, 0, True, 4, 4 * MIN, 4),
    ),
    (
        "presentation error is a rejection",
        [sub(1, 1, PE), sub(2, 2, AC)],
        Rules(),
        Cell(2, 0, True, 2, 2 * MIN, 22),
    ),
    (
        "after the accept nothing counts",
        [sub(1, 7, AC), sub(2, 8, WA), sub(3, 9, None, "queued")],
        Rules(),
        Cell(1, 0, True, 7, 7 * MIN, 7),
    ),
    ("only rejections", [sub(1, 1, WA), sub(2, 2, WA)], Rules(), Cell(2, 0, False)),
    (
        "queued and judging are pending",
        [sub(1, 1, WA), sub(2, 2, None, "queued"), sub(3, 3, WA, "judging")],
        Rules(),
        Cell(1, 2, False),
    ),
    (
        "pending verdicts count by default",
        [sub(1, 1, WA, "pending"), sub(2, 2, AC, "pending")],
        Rules(),
        Cell(2, 0, True, 2, 2 * MIN, 22),
    ),
    (
        "pending verdicts wait when configured",
        [sub(1, 1, WA, "pending"), sub(2, 2, AC, "final")],
        Rules(pending_counts=False),
        Cell(1, 1, True, 2, 2 * MIN, 2),
    ),
    (
        "order is by time, not id",
        [sub(2, 3, AC), sub(1, 1, WA)],
        Rules(),
        Cell(2, 0, True, 3, 3 * MIN, 23),
    ),
    (
        "same time: lower id first",
        [sub(5, 3, WA), sub(4, 3, AC)],
        Rules(),
        Cell(1, 0, True, 3, 3 * MIN, 3),
    ),
]


@pytest.mark.parametrize(
    ("subs", "rules", "expected"), [c[1:] for c in CELL_CASES], ids=[c[0] for c in CELL_CASES]
)
def test_each_cell_counts_tries_and_penalty_by_the_rules(
    subs: list[SubmissionEvent], rules: Rules, expected: Cell
) -> None:
    assert icpc.cell(subs, rules, icpc.JURY) == expected


FREEZE = Visibility(freeze_ms=240 * MIN)


@pytest.mark.parametrize(
    ("vis", "expected"),
    [
        (icpc.JURY, Cell(2, 0, True, 250, 250 * MIN, 270)),
        (FREEZE, Cell(1, 1, False)),
        (Visibility(freeze_ms=240 * MIN, unfrozen=True), Cell(2, 0, True, 250, 250 * MIN, 270)),
        (
            Visibility(freeze_ms=240 * MIN, revealed_problems=frozenset({1})),
            Cell(2, 0, True, 250, 250 * MIN, 270),
        ),
        (
            Visibility(freeze_ms=240 * MIN, revealed_cells=frozenset({(1, 1)})),
            Cell(2, 0, True, 250, 250 * MIN, 270),
        ),
        (Visibility(freeze_ms=240 * MIN, revealed_cells=frozenset({(2, 1)})), Cell(1, 1, False)),
    ],
    ids=["jury", "frozen", "unfrozen", "problem revealed", "cell revealed", "other cell"],
)
def test_freeze_hides_results_not_tries(vis: Visibility, expected: Cell) -> None:
    subs = [sub(1, 100, WA), sub(2, 250, AC)]
    assert icpc.cell(subs, Rules(), vis) == expected


def test_a_submission_at_the_freeze_instant_is_frozen() -> None:
    assert FREEZE.hides(sub(1, 240, AC))
    assert not FREEZE.hides(sub(1, 239.999, AC))


def _board(subs: list[SubmissionEvent], teams: tuple[int, ...] = (1, 2, 3, 4)) -> icpc.Standings:
    names = {1: "Alpha", 2: "Beta", 3: "Gamma", 4: "Delta"}
    return icpc.compute(teams, subs, Rules(), icpc.JURY, names)


def _ranks(standings: icpc.Standings) -> list[tuple[int, int]]:
    return [(s.rank, s.row.team) for s in standings.standings]


def test_teams_rank_by_solved_then_penalty_then_earliest_last_accept() -> None:
    subs = [
        sub(1, 10, AC, team=1, problem=1),
        sub(2, 30, AC, team=1, problem=2),  # 2 solved, 40
        sub(3, 20, AC, team=2, problem=1),
        sub(4, 20, AC, team=2, problem=2),  # 2 solved, 40
        sub(5, 5, AC, team=3, problem=1),  # 1 solved
        sub(6, 5, WA, team=4, problem=1),
    ]
    standings = _board(subs)
    # Alpha and Beta tie on solved and penalty; Beta's last accept (20) is earlier than 30.
    assert _ranks(standings) == [(1, 2), (2, 1), (3, 3), (4, 4)]
    assert standings.standings[0].row.penalty == 40


def test_equal_rows_share_a_rank_and_are_listed_by_name() -> None:
    subs = [sub(1, 10, AC, team=2), sub(2, 10, AC, team=1, problem=2), sub(3, 1, WA, team=3)]
    standings = _board(subs)
    # Alpha and Beta: 1 solved, 10 minutes, last accept 10 -> rank 1 both; then 3, 3.
    assert _ranks(standings) == [(1, 1), (1, 2), (3, 4), (3, 3)]


def test_the_first_to_solve_each_problem_are_marked_ties_included() -> None:
    subs = [
        sub(1, 10, AC, team=1, problem=1),
        sub(2, 9, AC, team=2, problem=1),
        sub(3, 30, AC, team=3, problem=2),
        sub(4, 30, AC, team=4, problem=2),
        sub(5, 1, WA, team=1, problem=3),
    ]
    first = _board(subs).first
    assert first == {1: frozenset({2}), 2: frozenset({3, 4})}


def test_first_to_solve_respects_the_audience() -> None:
    subs = [sub(1, 250, AC, team=1), sub(2, 260, AC, team=2), sub(3, 100, AC, team=3)]
    assert icpc.compute((1, 2, 3), subs, Rules(), icpc.JURY).first == {1: frozenset({3})}
    revealed = Visibility(freeze_ms=240 * MIN, revealed_cells=frozenset({(2, 1)}))
    public = icpc.compute((1, 2, 3), subs, Rules(), revealed)
    assert public.first == {1: frozenset({3})}
    assert public.standings[0].row.team in (2, 3)


def test_next_reveal_is_the_lowest_ranked_teams_first_hidden_problem() -> None:
    subs = [
        sub(1, 10, AC, team=1, problem=1),
        sub(2, 250, AC, team=1, problem=2),
        sub(3, 250, AC, team=2, problem=2),
        sub(4, 251, AC, team=2, problem=1),
    ]
    public = icpc.compute((1, 2), subs, Rules(), FREEZE)
    hidden = {(s.team, s.problem) for s in subs if FREEZE.hides(s)}
    assert icpc.next_reveal(public, hidden, [1, 2]) == (2, 1)
    assert icpc.next_reveal(public, hidden - {(2, 1), (2, 2)}, [1, 2]) == (1, 2)
    assert icpc.next_reveal(public, set(), [1, 2]) is None


def test_board_upsert_reports_the_changed_team() -> None:
    board = icpc.Board((1, 2), Rules())
    assert board.upsert(sub(1, 5, None, "queued", team=2)) == {2}
    assert board.upsert(sub(1, 5, AC, "pending", team=2)) == {2}
    assert board.upsert(sub(1, 5, AC, "final", team=2)) == set()  # same cell: no change
    assert board.standings().standings[0].row.team == 2
