"""The demo contest, finished, with a history: judged submissions before and during the
freeze, a pending one, a compile error, and a question with its answer."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from accounts.models import Team
from config.demo import create_demo
from contest.models import Contest, Language, Problem
from judge.models import Clarification, ClarificationState, Judgement, Submission
from judging.classification import Classification as C
from scoreboard import score_board, services

# (team, problem letter, minute, verdict, state)
HISTORY = [
    ("Team 1", "A", 12, C.WRONG_ANSWER, "final"),
    ("Team 1", "A", 20, C.ACCEPTED, "final"),
    ("Team 1", "B", 40, C.PRESENTATION_ERROR, "final"),
    ("Team 2", "A", 15, C.COMPILE_TIME_ERROR, "final"),
    ("Team 2", "A", 18, C.ACCEPTED, "final"),
    ("Team 2", "C", 95, C.INVALID_EXIT_VALUE, "final"),
    ("Team 2", "C", 130, C.ACCEPTED, "final"),
    ("Team 3", "E", 200, C.TIME_LIMIT_EXCEEDED, "final"),
    ("Team 1", "C", 250, C.ACCEPTED, "final"),  # during the freeze
    ("Team 3", "E", 260, C.ACCEPTED, "pending"),  # during the freeze, not yet validated
]


def finished_demo() -> Contest:
    create_demo()
    start = timezone.now().replace(microsecond=0) - timedelta(hours=6)
    Contest.objects.filter(short_name="demo").update(
        start=start, end=start + timedelta(hours=5), freeze_start=start + timedelta(hours=4)
    )
    contest = Contest.objects.get(short_name="demo")
    for team, letter, minute, verdict, state in HISTORY:
        _judged(contest, team, letter, minute, verdict, state)
    question = Clarification.objects.create(
        contest=contest,
        from_team=Team.objects.get(name="Team 1"),
        problem=Problem.objects.get(contest=contest, letter="B"),
        text="Is n ever 0?",
        time=start + timedelta(minutes=30),
        state=ClarificationState.ANSWERED,
    )
    Clarification.objects.create(
        contest=contest,
        reply_to=question,
        to_team=question.from_team,
        text="No: 1 ≤ n.",
        time=start + timedelta(minutes=33),
    )
    services.rebuild(contest)
    return contest


# The scoring problem I's groups: (team, minute, points of secret/small, of secret/large).
SCORED = [("Team 1", 30, 30.0, 0.0), ("Team 2", 45, 0.0, 70.0), ("Team 1", 90, 0.0, 70.0)]


def scored_demo() -> Contest:
    """The finished demo with a best-groups score board: Team 1 earns 100 from two
    submissions that each score part of it."""
    contest = finished_demo()
    contest.score_board = "best-groups"
    contest.save(update_fields=["score_board"])
    for team, minute, small, large in SCORED:
        verdict = C.ACCEPTED if small and large else C.WRONG_ANSWER
        judgement = _judged(contest, team, "I", minute, verdict, "final")
        judgement.score = small + large
        judgement.report = {
            "groups": [_group("secret/small", small, 30), _group("secret/large", large, 70)]
        }
        judgement.save(update_fields=["score", "report"])
    services.rebuild(contest)
    return contest


def _group(name: str, score: float, most: float) -> dict[str, Any]:
    verdict = C.ACCEPTED if score else C.WRONG_ANSWER
    return {"name": name, "score": score, "max_score": most, "classification": verdict.value}


def _judged(
    contest: Contest, team: str, letter: str, minute: int, verdict: C, state: str
) -> Judgement:
    at = contest.start + timedelta(minutes=minute)
    sub = Submission.objects.create(
        contest=contest,
        team=Team.objects.get(name=team),
        problem=Problem.objects.get(contest=contest, letter=letter),
        language=Language.objects.get(id="python3"),
        filename="main.py",
        source=f"print('{team} {letter} {minute}')\n".encode(),
        submitted_at=at,
        state=state,
        classification=verdict.value,
    )
    judgement = Judgement.objects.create(
        submission=sub,
        state="done",
        classification=verdict.value,
        started_at=at + timedelta(seconds=2),
        finished_at=at + timedelta(seconds=5),
    )
    sub.current_judgement = judgement
    sub.save(update_fields=["current_judgement"])
    return judgement


def board(contest: Contest, audience: Any) -> list[tuple[Any, ...]]:
    """The board as its readers see it, by team name and problem letter (ids differ after an
    import into a fresh site)."""
    view = services.board_from_database(contest, audience)
    letters = {p["id"]: p["letter"] for p in view["problems"]}
    return [
        (
            row["rank"],
            row["name"],
            row["solved"],
            row["penalty"],
            row["last"],
            [
                (letters[c["problem"]], c["state"], c["first"], c["time"], c["tries"])
                for c in row["cells"]
            ],
        )
        for row in view["rows"]
    ]


def scores(contest: Contest, audience: Any) -> list[tuple[Any, ...]]:
    view = score_board.board(contest, audience, cached=False)
    letters = {p["id"]: p["letter"] for p in view["problems"]}
    return [
        (
            row["rank"],
            row["name"],
            row["points"],
            row["last"],
            [(letters[c["problem"]], c["state"], c["time"]) for c in row["cells"]],
        )
        for row in view["rows"]
    ]
