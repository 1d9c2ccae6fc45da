"""The score board (IOI style): the page, its cached cells against the full recompute, the
freeze and reveals, judges' decisions, and the live events after a scored judgement."""

from __future__ import annotations

from datetime import timedelta
from typing import Any, TypedDict

import pytest
from django.test import Client
from pytest_django import DjangoCaptureOnCommitCallbacks

from accounts.models import Team, User
from contest.models import Contest, Problem
from judge.services import jury
from scoreboard import freeze, icpc, ioi, score_board, scores, services
from tests.support import factories
from tests.support.scoreboard import problem, set_verdict, submit
from tests.support.scores import make_scoring, score


class Scored(TypedDict):
    """A contest with a score board (best per problem) and a freeze at minute 30: scoring
    problems S and T, pass-fail problem A. Alpha scored 40 on S at 10; Beta 30 at 20, then
    100 at 40 (during the freeze)."""

    contest: Contest
    alpha: Team
    beta: Team
    s: Problem
    t: Problem
    a: Problem


@pytest.fixture
def scored(db: None) -> Scored:
    contest = factories.running_contest()
    contest.freeze_start = contest.start + timedelta(minutes=30)
    contest.score_board = "best-problem"
    contest.save()
    alpha, beta = factories.team("Alpha"), factories.team("Beta")
    s, t, a = problem(contest, "S"), problem(contest, "T"), problem(contest, "A")
    make_scoring(s)
    make_scoring(t)
    wa, ac = "Wrong Answer", "Accepted"
    score(submit(contest, alpha, s, 10, "final", wa), 40, {"g1": (40, 40), "g2": (0, 60)})
    score(submit(contest, beta, s, 20, "final", wa), 30, {"g1": (0, 40), "g2": (30, 60)})
    score(submit(contest, beta, s, 40, "final", ac), 100, {"g1": (40, 40), "g2": (60, 60)})
    return {"contest": contest, "alpha": alpha, "beta": beta, "s": s, "t": t, "a": a}


def _client(user: User | None = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _row(html: str, team: Team) -> str:
    return html.split(f'data-team-id="{team.pk}"')[1].split("</tr>")[0]


def _summary(contest: Contest, audience: str) -> list[tuple[int, int, float]]:
    board = score_board.board(contest, audience)  # type: ignore[arg-type]
    return [(r["rank"], r["team"], r["score"]) for r in board["rows"]]


def _recompute(contest: Contest, audience: str) -> list[tuple[int, int, float]]:
    """Straight from every submission, through the pure rules."""
    vis = icpc.JURY if audience == "jury" else services.visibility_for(contest)
    teams = services.teams(contest, audience)  # type: ignore[arg-type]
    mode = scores.mode_for(contest)
    assert mode is not None
    standings = ioi.compute(
        list(teams),
        scores.scored_events(contest),
        mode,
        services.rules_for(contest),
        vis,
        {t: info["name"] for t, info in teams.items()},
    )
    return [(s.rank, s.row.team, s.row.score) for s in standings.standings]


def test_the_jury_sees_the_best_score_per_problem_with_only_scoring_problems(
    scored: Scored,
) -> None:
    judge = factories.user("judge", role="judge")
    html = _client(judge).get("/scoreboard/scores/").content.decode()
    assert f'data-problem-id="{scored["s"].pk}"' in html
    assert f'data-problem-id="{scored["a"].pk}"' not in html  # pass-fail: ICPC board only
    beta = _row(html, scored["beta"])
    assert 'data-score="100.0"' in beta and "sb-solved" in beta  # full marks
    alpha = _row(html, scored["alpha"])
    assert 'class="sb-cell sb-partial"' in alpha and '<span class="sb-time">40</span>' in alpha
    assert html.index(f'data-team-id="{scored["beta"].pk}"') < html.index(
        f'data-team-id="{scored["alpha"].pk}"'
    )
    assert 'data-live-kind="scores"' in html


def test_the_public_score_board_hides_points_after_the_freeze(scored: Scored) -> None:
    html = _client().get("/scoreboard/scores/").content.decode()
    assert "The scoreboard is frozen" in html
    beta = _row(html, scored["beta"])
    assert '<span class="sb-time">30 ?</span>' in beta and "2 tries" in beta
    assert 'data-score="30.0"' in beta
    assert _summary(scored["contest"], "public") == [
        (1, scored["alpha"].pk, 40),
        (2, scored["beta"].pk, 30),
    ]


def test_reveals_and_the_unfreeze_show_the_frozen_points(scored: Scored) -> None:
    contest = scored["contest"]
    score_board.board(contest, "public")  # the cells exist before the reveal
    changed = freeze.reveal_cell(contest, scored["beta"].pk, scored["s"].pk, None)
    assert changed == {scored["beta"].pk}
    assert _summary(contest, "public")[0] == (1, scored["beta"].pk, 100)
    freeze.refreeze(contest)
    assert _summary(contest, "public")[0] == (1, scored["alpha"].pk, 40)
    freeze.unfreeze(contest)
    assert _summary(contest, "public") == _summary(contest, "jury")


def test_best_per_group_adds_each_groups_best_across_submissions(scored: Scored) -> None:
    contest = scored["contest"]
    contest.score_board = "best-groups"
    contest.save()
    alpha = scored["alpha"]
    other = submit(contest, alpha, scored["s"], 15, "final", "Wrong Answer")
    score(other, 60, {"g1": (0, 40), "g2": (60, 60)})
    html = _client(factories.user("judge", role="judge")).get("/scoreboard/scores/").content
    assert 'data-score="100.0"' in _row(html.decode(), alpha)  # 40 from one, 60 from another
    assert "across" in html.decode()  # the page says how points are made
    assert _summary(contest, "jury") == _recompute(contest, "jury")


def test_a_judges_decision_counts_as_on_the_icpc_board(scored: Scored) -> None:
    contest = scored["contest"]
    contest.pending_counts_on_scoreboard = False
    contest.save()
    late = submit(contest, scored["alpha"], scored["t"], 25, "pending", "Accepted")
    score(late, 100, {"all": (100, 100)})
    assert _summary(contest, "jury")[1] == (2, scored["alpha"].pk, 40)  # pending: not yet
    judge = factories.user("judge", role="judge")
    jury.validate(submission=late, judge=judge)
    services.refresh_cell(contest, scored["alpha"].pk, scored["t"].pk)
    assert _summary(contest, "jury")[0] == (1, scored["alpha"].pk, 140)
    # A judge's Invalid Submission is no try: its points go.
    jury.change(submission=late, judge=judge, classification="Invalid Submission", comment="copied")
    services.refresh_cell(contest, scored["alpha"].pk, scored["t"].pk)
    assert _summary(contest, "jury")[1] == (2, scored["alpha"].pk, 40)
    assert _summary(contest, "jury") == _recompute(contest, "jury")


def test_the_cached_cells_equal_the_full_recompute_after_changes(scored: Scored) -> None:
    contest = scored["contest"]
    score_board.board(contest, "jury")
    sub = submit(contest, scored["alpha"], scored["s"], 50, "judging")
    services.refresh_cell(contest, scored["alpha"].pk, scored["s"].pk)
    score(set_verdict(sub, "final", "Accepted"), 100, {"g1": (40, 40), "g2": (60, 60)})
    services.refresh_cell(contest, scored["alpha"].pk, scored["s"].pk)
    for audience in ("jury", "public"):
        assert _summary(contest, audience) == _recompute(contest, audience)
    assert score_board.problems(contest)[0]["max_score"] == 100


def test_a_contest_without_a_score_board_has_no_score_page(scored: Scored) -> None:
    scored["contest"].score_board = ""
    scored["contest"].save()
    assert _client().get("/scoreboard/scores/").status_code == 404
    assert "data-score-board-link" not in _client().get("/scoreboard/").content.decode()


def test_the_icpc_board_links_to_the_score_board(scored: Scored) -> None:
    assert "data-score-board-link" in _client().get("/scoreboard/").content.decode()


def test_a_private_score_board_needs_a_login(scored: Scored) -> None:
    scored["contest"].public_scoreboard = False
    scored["contest"].save()
    assert _client().get("/scoreboard/scores/").status_code == 302
    team_user = factories.user("alpha1", role="team", team=scored["alpha"])
    assert _client(team_user).get("/scoreboard/scores/").status_code == 200


def test_a_scored_judgement_publishes_the_score_boards_changed_row(
    scored: Scored, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    from live import publish

    contest = scored["contest"]
    score_board.board(contest, "jury")
    sub = submit(contest, scored["alpha"], scored["t"], 12, "final", "Wrong Answer")
    score(sub, 25, {"g1": (25, 50)})
    sent: list[tuple[str, dict[str, object]]] = []
    original = publish.streams.publish
    publish.streams.publish = lambda events: sent.extend(events) or []  # type: ignore[assignment]
    try:
        publish.publish_submission(sub.pk, "judged")
    finally:
        publish.streams.publish = original  # type: ignore[assignment]
    by_stream = {stream: event for stream, event in sent}
    for audience in ("jury", "public"):
        event = by_stream[f"scores.{contest.pk}.{audience}"]
        (row,) = event["rows"]  # type: ignore[misc]
        assert row["team"] == scored["alpha"].pk and row["score"] == 65


@pytest.mark.parametrize("mode", ["best-problem", "best-groups"])
def test_incremental_score_cells_equal_the_full_recompute(db: None, mode: str) -> None:
    """A seeded random stream of submissions, points, verdicts and judges' decisions, with a
    freeze, a reveal and a rules change: after each step the cached cells (one refreshed per
    change) rank as the pure rules over every submission do."""
    import random

    contest = factories.running_contest(score_board=mode)
    contest.freeze_start = contest.start + timedelta(minutes=120)
    contest.save()
    teams = [factories.team(name) for name in ("Alpha", "Beta", "Gamma")]
    problems = [problem(contest, letter) for letter in "ST"]
    for p in problems:
        make_scoring(p)
    rng = random.Random(11)
    subs: list[Any] = []
    verdicts = ["Accepted", "Wrong Answer", "Compile Time Error", "Invalid Submission"]
    for step in range(30):
        if not subs or rng.random() < 0.5:
            sub = submit(contest, rng.choice(teams), rng.choice(problems), rng.uniform(0, 180))
            subs.append(sub)
        else:
            sub = rng.choice(subs)
            set_verdict(sub, rng.choice(["judging", "pending", "final"]), rng.choice(verdicts))
            g1, g2 = rng.choice([0, 10, 20]), rng.choice([0, 40, 80])
            score(sub, g1 + g2, {"g1": (g1, 20), "g2": (g2, 80)})
        services.refresh_cell(contest, sub.team_id, sub.problem_id)
        if step == 15:
            freeze.reveal_problem(contest, problems[0].pk, None)
        if step == 22:
            contest.pending_counts_on_scoreboard = False
            contest.save()  # a rules change: the next read rebuilds
        for audience in ("jury", "public"):
            assert _summary(contest, audience) == _recompute(contest, audience), (step, audience)
