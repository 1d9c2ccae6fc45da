"""The cached board (one cell refreshed per change) against the full recompute, the freeze
and its reveals, rules changes, categories. Real database, real Redis (revision counter)."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any, TypedDict

import pytest

from accounts.models import Category, Team
from contest.models import Contest, Problem
from judge.models import Submission
from scoreboard import freeze, services
from scoreboard.models import ScoreCell
from tests.support import factories
from tests.support.scoreboard import (
    board_summary,
    full_recompute,
    problem,
    set_verdict,
    submit,
)

AC, WA, CE = "Accepted", "Wrong Answer", "Compile Time Error"


class Board(TypedDict):
    """A running contest, teams Alpha, Beta and Gamma, problems A, B and C."""

    contest: Contest
    teams: list[Team]
    problems: list[Problem]


@pytest.fixture
def board(db: None) -> Board:
    contest = factories.running_contest()
    teams = [factories.team(name) for name in ("Alpha", "Beta", "Gamma")]
    problems = [problem(contest, letter) for letter in "ABC"]
    return {"contest": contest, "teams": teams, "problems": problems}


def _refresh(sub: Submission) -> services.CellUpdate:
    return services.refresh_cell(sub.contest, sub.team_id, sub.problem_id)


def test_ranks_and_penalties_come_from_the_cached_cells(board: Board) -> None:
    c, (alpha, beta, gamma), (a, b, _) = board["contest"], board["teams"], board["problems"]
    for sub in (
        submit(c, alpha, a, 10, "final", WA),
        submit(c, alpha, a, 20.5, "final", AC),  # 20 + 20
        submit(c, beta, a, 5, "final", CE),  # not counted
        submit(c, beta, a, 15, "final", AC),  # 15
        submit(c, beta, b, 50, "judging"),
        submit(c, gamma, b, 30, "pending", WA),
    ):
        _refresh(sub)
    rows = services.board(c, "jury")["rows"]
    assert [(r["rank"], r["name"], r["solved"], r["penalty"]) for r in rows] == [
        (1, "Beta", 1, 15),
        (2, "Alpha", 1, 40),
        (3, "Gamma", 0, 0),
    ]
    beta_b = rows[0]["cells"][1]
    assert (beta_b["state"], beta_b["time"], beta_b["tries"]) == ("pending", "?", "1 try")
    assert rows[0]["cells"][0]["first"] and not rows[1]["cells"][0]["first"]


def test_incremental_cells_equal_the_full_recompute(board: Board) -> None:
    """A seeded random stream of submissions, verdicts, judges' changes and rejudges."""
    c, teams, problems = board["contest"], board["teams"], board["problems"]
    c.freeze_start = c.start + timedelta(minutes=120)
    c.save()
    rng = random.Random(7)
    subs: list[Any] = []
    verdicts = ["", AC, WA, CE, "Time Limit Exceeded", "Invalid Submission"]
    for step in range(80):
        if not subs or rng.random() < 0.4:
            sub = submit(c, rng.choice(teams), rng.choice(problems), rng.uniform(0, 180))
            subs.append(sub)
        else:
            sub = rng.choice(subs)
            verdict = rng.choice(verdicts)
            set_verdict(
                sub, rng.choice(["judging", "pending", "final"]) if verdict else "queued", verdict
            )
        _refresh(sub)
        if step % 10 == 9:
            c.pending_counts_on_scoreboard = not c.pending_counts_on_scoreboard
            c.save()  # a rules change: the next read rebuilds
        for audience in ("jury", "public"):
            assert board_summary(c, audience) == full_recompute(c, audience), (step, audience)


def test_refresh_reports_what_changed_for_whom(board: Board) -> None:
    c, (alpha, *_), (a, *_) = board["contest"], board["teams"], board["problems"]
    c.freeze_start = c.start + timedelta(minutes=30)
    c.save()
    services.rebuild(c)
    early = submit(c, alpha, a, 10)
    assert _refresh(early) == services.CellUpdate(alpha.pk, a.pk, True, True)
    set_verdict(early, "final", AC)
    assert _refresh(early) == services.CellUpdate(alpha.pk, a.pk, True, True)
    late = submit(c, alpha, a, 40)  # after the accept: changes nothing anyone sees
    assert _refresh(late) == services.CellUpdate(alpha.pk, a.pk, False, False)


def test_the_public_sees_tries_but_not_results_during_the_freeze(board: Board) -> None:
    c, (alpha, beta, _), (a, b, _) = board["contest"], board["teams"], board["problems"]
    c.freeze_start = c.start + timedelta(minutes=60)
    c.save()
    for sub in (
        submit(c, alpha, a, 30, "final", AC),
        submit(c, beta, a, 70, "final", AC),
        submit(c, beta, b, 80, "final", WA),
    ):
        _refresh(sub)
    public = {r["name"]: r for r in services.board(c, "public")["rows"]}
    jury = {r["name"]: r for r in services.board(c, "jury")["rows"]}
    assert public["Beta"]["solved"] == 0 and jury["Beta"]["solved"] == 1
    assert [cell["time"] for cell in public["Beta"]["cells"][:2]] == ["?", "?"]
    assert [cell["state"] for cell in public["Beta"]["cells"][:2]] == ["pending", "pending"]
    assert sorted(freeze.hidden_cells(c)) == sorted([(beta.pk, a.pk), (beta.pk, b.pk)])
    assert services.board(c, "public")["frozen"]


def test_the_resolver_reveals_from_the_bottom_then_unfreezes(board: Board) -> None:
    c, (alpha, beta, gamma), (a, b, _) = board["contest"], board["teams"], board["problems"]
    c.freeze_start = c.start + timedelta(minutes=60)
    c.save()
    for sub in (
        submit(c, alpha, a, 10, "final", AC),
        submit(c, alpha, b, 70, "final", AC),
        submit(c, beta, b, 65, "final", AC),
        submit(c, beta, a, 90, "final", WA),
        submit(c, gamma, a, 20, "final", WA),
    ):
        _refresh(sub)
    # Public: Alpha 1 solved; Beta and Gamma 0. Beta (name order after... rank 2 shared).
    assert freeze.next_reveal(c) == (beta.pk, a.pk)  # Gamma has nothing hidden
    target, changed = freeze.reveal_next(c, None)
    assert target == (beta.pk, a.pk) and changed == {beta.pk}
    target, changed = freeze.reveal_next(c, None)
    assert target == (beta.pk, b.pk) and changed == {beta.pk}
    # Alpha 1 solved (10 min), Beta 1 solved (65 min): Alpha still first.
    assert [r[1] for r in board_summary(c, "public")][:2] == [alpha.pk, beta.pk]
    assert freeze.next_reveal(c) == (alpha.pk, b.pk)
    changed = freeze.reveal_problem(c, b.pk, None)
    assert changed == {alpha.pk}
    assert freeze.next_reveal(c) is None
    assert board_summary(c, "public") == board_summary(c, "jury")
    freeze.refreeze(c)
    assert len(freeze.hidden_cells(c)) == 3
    freeze.unfreeze(c)
    assert board_summary(c, "public") == board_summary(c, "jury")
    assert not services.board(c, "public")["frozen"]


def test_a_penalty_change_rebuilds_the_cells(board: Board) -> None:
    c, (alpha, *_), (a, *_) = board["contest"], board["teams"], board["problems"]
    _refresh(submit(c, alpha, a, 1, "final", WA))
    _refresh(submit(c, alpha, a, 2, "final", AC))
    assert board_summary(c, "jury")[0] == (1, alpha.pk, 1, 22)
    c.penalty_minutes = 5
    c.save()
    assert board_summary(c, "jury")[0] == (1, alpha.pk, 1, 7)
    assert ScoreCell.objects.get(team=alpha, problem=a).penalty == 7


def test_a_category_filters_the_board_and_a_hidden_one_stays_off_the_public_board(
    board: Board,
) -> None:
    c, (alpha, beta, gamma), (a, *_) = board["contest"], board["teams"], board["problems"]
    students = Category.objects.create(name="Students")
    guests = Category.objects.create(name="Guests", visible=False)
    alpha.category, beta.category, gamma.category = students, students, guests
    for team in (alpha, beta, gamma):
        team.save()
    _refresh(submit(c, gamma, a, 1, "final", AC))
    _refresh(submit(c, beta, a, 5, "final", AC))
    public = services.board(c, "public")
    assert [r["name"] for r in public["rows"]] == ["Beta", "Alpha"]
    assert public["rows"][0]["cells"][0]["first"]  # Gamma is not on the public board
    jury = services.board(c, "jury")
    assert [r["name"] for r in jury["rows"]] == ["Gamma", "Beta", "Alpha"]
    assert not jury["rows"][1]["cells"][0]["first"]
    only_students = services.board(c, "jury", students.pk)
    assert [(r["rank"], r["name"]) for r in only_students["rows"]] == [(1, "Beta"), (2, "Alpha")]


def test_the_cache_follows_the_revision(board: Board) -> None:
    c, (alpha, *_), (a, *_) = board["contest"], board["teams"], board["problems"]
    first = services.cached_rows(c, "jury")
    assert services.cached_rows(c, "jury") is first  # nothing changed: same object
    _refresh(submit(c, alpha, a, 3, "final", AC))
    assert services.cached_rows(c, "jury")[alpha.pk].solved == 1
