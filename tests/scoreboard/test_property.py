"""Property: the incremental board (one cell recomputed per change) equals the full recompute,
for random streams of submissions, verdicts, judges' changes, rejudges and reveals."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from judging.classification import SEVERITY
from scoreboard import icpc
from scoreboard.icpc import Rules, SubmissionEvent, Visibility

TEAMS = (1, 2, 3, 4, 5)
PROBLEMS = (10, 11, 12)
FREEZE_MS = 200 * 60_000
VERDICTS = [c.value for c in SEVERITY]
STATES = ["queued", "judging", "pending", "final"]

verdict = st.one_of(st.none(), st.sampled_from(VERDICTS))
# Minutes rather than raw milliseconds: hypothesis favours small integers, and the freeze at
# minute 200 must be crossed often. The seconds make equal minutes with distinct times.
contest_time = st.builds(lambda m, s: m * 60_000 + s * 1000, st.integers(0, 300), st.integers(0, 2))
new_sub = st.tuples(
    st.sampled_from(TEAMS),
    st.sampled_from(PROBLEMS),
    contest_time,
    st.sampled_from(STATES),
    verdict,
)
# An operation: a new submission, a new state/verdict of an earlier one (judging, a judge's
# change, a rejudge sending it back to "judging"), a reveal of a cell, or lifting the freeze.
new_op = st.tuples(st.just("new"), new_sub)
operation = st.one_of(
    new_op,
    new_op,  # weighted: most operations are new submissions
    new_op,
    st.tuples(st.just("change"), st.tuples(st.integers(0, 60), st.sampled_from(STATES), verdict)),
    st.tuples(st.just("reveal"), st.tuples(st.sampled_from(TEAMS), st.sampled_from(PROBLEMS))),
    st.tuples(st.just("unfreeze"), st.just(())),
)
rules = st.builds(Rules, st.integers(0, 30), st.booleans(), st.booleans())


def _comparable(standings: icpc.Standings) -> tuple[object, ...]:
    return (
        tuple(
            (
                s.rank,
                s.row.team,
                s.row.solved,
                s.row.penalty,
                s.row.last_minute,
                tuple(sorted(s.row.cells.items())),
            )
            for s in standings.standings
        ),
        tuple(sorted(standings.first.items())),
    )


@settings(max_examples=300, deadline=None)
@given(rules=rules, ops=st.lists(operation, min_size=8, max_size=60), frozen=st.booleans())
def test_incremental_equals_full_recompute(
    rules: Rules, ops: list[tuple[str, object]], frozen: bool
) -> None:
    vis = Visibility(freeze_ms=FREEZE_MS) if frozen else icpc.JURY
    names = {t: f"team {t}" for t in TEAMS}
    board = icpc.Board(TEAMS, rules, vis, names)
    subs: dict[int, SubmissionEvent] = {}
    for kind, args in ops:
        if kind == "new":
            team, problem, time_ms, state, cls = args  # type: ignore[misc]
            sid = len(subs) + 1
            subs[sid] = SubmissionEvent(sid, team, problem, time_ms, state, cls)
            board.upsert(subs[sid])
        elif kind == "change" and subs:
            index, state, cls = args  # type: ignore[misc]
            old = subs[sorted(subs)[index % len(subs)]]
            subs[old.id] = SubmissionEvent(old.id, old.team, old.problem, old.time_ms, state, cls)
            board.upsert(subs[old.id])
        elif kind == "reveal":
            vis = Visibility(
                vis.freeze_ms, vis.unfrozen, vis.revealed_problems, vis.revealed_cells | {args}
            )  # type: ignore[operator]
            board.set_visibility(vis)
        elif kind == "unfreeze":
            vis = Visibility(vis.freeze_ms, True, vis.revealed_problems, vis.revealed_cells)
            board.set_visibility(vis)
        full = icpc.compute(TEAMS, subs.values(), rules, vis, names)
        assert _comparable(board.standings()) == _comparable(full)


@settings(max_examples=200, deadline=None)
@given(rules=rules, subs=st.lists(new_sub, max_size=40))
def test_ranks_are_consistent(
    rules: Rules, subs: list[tuple[int, int, int, str, str | None]]
) -> None:
    events = [SubmissionEvent(i, *s) for i, s in enumerate(subs, start=1)]
    standings = icpc.compute(TEAMS, events, rules).standings
    for before, after in itertools.pairwise(standings):
        assert before.row.key <= after.row.key
        assert (after.rank == before.rank) == (after.row.key == before.row.key)
    for s in standings:
        assert s.row.solved == sum(c.solved for c in s.row.cells.values())
        assert s.row.penalty >= sum(c.minute or 0 for c in s.row.cells.values())
