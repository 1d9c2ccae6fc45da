"""The awards endpoint: the winner and each group's winner, from the board the client sees."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from accounts.models import Category, User
from contest.models import Contest
from judge.models import Submission
from scoreboard import services
from tests.api.conftest import World, client_for
from tests.api.schemas import assert_valid, strict_get

pytestmark = pytest.mark.django_db


def _awards(client: Client) -> dict[str, Any]:
    found = strict_get(client, "contests/test/awards")
    assert_valid("awards.json", found)
    return {a["id"]: a["team_ids"] for a in found}


def test_the_winner_is_the_leading_team(world: World) -> None:
    awards = _awards(client_for(world.judge_user))
    alpha = str(world.team_user.team_id)
    assert awards["winner"] == [alpha]
    students = world.team_user.team.category
    assert students is not None
    assert awards[f"group-winner-{students.pk}"] == [alpha]
    one = strict_get(client_for(), f"contests/test/awards/group-winner-{students.pk}")
    assert one == {
        "id": f"group-winner-{students.pk}",
        "citation": "Winner of Students",
        "team_ids": [alpha],
    }


def test_nobody_wins_before_a_team_scores(contest: Contest, team_user: User) -> None:
    Category.objects.create(name="Empty")
    awards = _awards(client_for())
    assert awards == {"winner": [], f"group-winner-{Category.objects.get().pk}": []}


def test_the_public_winner_waits_for_the_freeze(world: World) -> None:
    """Alpha's accept came after the freeze started: only the jury sees Alpha lead."""
    contest = world.contest
    contest.freeze_start = timezone.now() - timedelta(minutes=30)
    contest.save()
    Submission.objects.filter(pk=world.accepted.pk).update(
        submitted_at=timezone.now() - timedelta(minutes=10)
    )
    services.rebuild(contest)  # the cells were counted before the freeze was set
    alpha = str(world.team_user.team_id)
    assert _awards(client_for(world.judge_user))["winner"] == [alpha]
    assert _awards(client_for())["winner"] == []
    assert _awards(client_for(world.other_team_user))["winner"] == []


def test_a_private_board_keeps_its_awards_private(world: World) -> None:
    world.contest.public_scoreboard = False
    world.contest.save()
    response = client_for().get("/api/contests/test/awards")
    assert response.status_code == 401 and response.json()["code"] == 401
    assert _awards(client_for(world.team_user))["winner"]


def test_an_unknown_award_is_a_json_404(world: World) -> None:
    response = client_for().get("/api/contests/test/awards/gold-medal")
    assert response.status_code == 404 and response.json()["code"] == 404


def test_medals_follow_the_contests_counts(world: World) -> None:
    world.contest.gold_medals = 1
    world.contest.bronze_medals = 2
    world.contest.save()
    awards = _awards(client_for())
    assert awards["gold-medal"] == [str(world.team_user.team_id)]
    assert awards["bronze-medal"] == []  # Beta has not scored
    assert "silver-medal" not in awards


def test_first_to_solve_waits_for_the_earlier_queued_try(world: World) -> None:
    """Alpha's C submission, made before its accept, is still queued."""
    award = f"first-to-solve-{world.problem.pk}"
    assert _awards(client_for(world.judge_user))[award] == []
    judged = {"state": "final", "classification": "Wrong Answer"}
    Submission.objects.filter(pk=world.queued.pk).update(**judged)
    services.rebuild(world.contest)
    assert _awards(client_for(world.judge_user))[award] == [str(world.team_user.team_id)]
