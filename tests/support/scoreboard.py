"""Builders for scoreboard and live tests: submissions with a chosen time and verdict."""

from __future__ import annotations

from datetime import timedelta

from accounts.models import Team
from contest.models import Contest, Language, Problem
from judge.models import Judgement, Submission
from scoreboard import icpc, services


def language() -> Language:
    lang, _ = Language.objects.get_or_create(
        id="c", defaults={"name": "C", "extensions": "c", "run_command": "./main"}
    )
    return lang


def problem(contest: Contest, letter: str) -> Problem:
    return Problem.objects.create(contest=contest, letter=letter, name=f"Problem {letter}")


def submit(
    contest: Contest,
    team: Team,
    prob: Problem,
    minute: float,
    state: str = "queued",
    classification: str = "",
) -> Submission:
    sub = Submission.objects.create(
        contest=contest,
        team=team,
        problem=prob,
        language=language(),
        filename="main.c",
        source=b"int main(){}",
        submitted_at=contest.start + timedelta(minutes=minute),
        state=state,
        classification=classification,
    )
    Judgement.objects.create(submission=sub)
    return sub


def set_verdict(sub: Submission, state: str, classification: str = "") -> Submission:
    sub.state, sub.classification = state, classification
    sub.save(update_fields=["state", "classification"])
    return sub


def full_recompute(contest: Contest, audience: str) -> list[tuple[int, int, int, int]]:
    """(rank, team, solved, penalty) straight from every submission, for comparisons."""
    vis = icpc.JURY if audience == "jury" else services.visibility_for(contest)
    teams = services.teams(contest, audience)  # type: ignore[arg-type]
    standings = icpc.compute(
        list(teams),
        services.submission_events(contest),
        services.rules_for(contest),
        vis,
        {t: info["name"] for t, info in teams.items()},
    )
    return [(s.rank, s.row.team, s.row.solved, s.row.penalty) for s in standings.standings]


def board_summary(contest: Contest, audience: str) -> list[tuple[int, int, int, int]]:
    board = services.board(contest, audience)  # type: ignore[arg-type]
    return [(r["rank"], r["team"], r["solved"], r["penalty"]) for r in board["rows"]]
