"""The scoreboard endpoint (pass-fail and score), and a score contest's `score` on judgements
and `max_score` on problems, against the CCS schemas and the spec's "required iff" rules."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client

from api.serializers import PROPERTIES
from tests.api.conftest import World, client_for
from tests.api.schemas import assert_valid, strict_get
from tests.support.scores import make_scoring, score

pytestmark = pytest.mark.django_db


def _get(client: Client, path: str) -> Any:
    response = client.get(f"/api/{path}")
    assert response.status_code == 200, response.content
    return response.json()


def _score_contest(world: World) -> None:
    """Alpha's accepted submission scored 100 of 100 (two groups), Beta's 20."""
    world.contest.score_board = "best-problem"
    world.contest.save()
    make_scoring(world.problem)
    score(world.accepted, 100, {"g1": (40, 40), "g2": (60, 60)})
    score(world.rival, 20, {"g1": (20, 40), "g2": (0, 60)})


def test_a_pass_fail_scoreboard_validates_and_counts_solved_problems(world: World) -> None:
    board = _get(client_for(world.judge_user), "contests/test/scoreboard")
    assert_valid("scoreboard.json", board)
    first = board["rows"][0]
    assert first["team_id"] == str(world.team_user.team_id) and first["rank"] == 1
    assert first["score"]["num_solved"] == 1
    (cell,) = first["problems"]
    assert cell["solved"] is True and "time" in cell and cell["num_judged"] == 1
    assert "score" not in first["score"]


def test_a_score_contest_reports_points_everywhere(world: World) -> None:
    _score_contest(world)
    client = client_for(world.judge_user)
    contest = _get(client, "contests/test")
    assert contest["scoreboard_type"] == "score"
    assert_valid("contest.json", contest)
    problems = _get(client, "contests/test/problems")
    assert_valid("problems.json", problems)
    assert problems[0]["max_score"] == 100
    listed = strict_get(client, "contests/test/judgements")
    judgements = {j["submission_id"]: j for j in listed}
    assert_valid("judgements.json", list(judgements.values()))
    assert judgements[str(world.accepted.pk)]["score"] == 100
    assert judgements[str(world.rival.pk)]["score"] == 20
    assert judgements[str(world.queued.pk)]["score"] == 0  # not judged yet
    access = strict_get(client, "contests/test/access")
    listed = {e["type"]: set(e["properties"]) for e in access["endpoints"]}
    spec = {p for p in PROPERTIES["judgements"] if not p.startswith("x_")}
    assert listed["judgements"] == spec | {"score"}
    assert listed["problems"] == set(PROPERTIES["problems"]) | {"max_score"}
    for judgement in judgements.values():
        assert set(judgement) == listed["judgements"]


def test_a_score_contests_scoreboard_validates_with_points_and_times(world: World) -> None:
    _score_contest(world)
    board = _get(client_for(world.judge_user), "contests/test/scoreboard")
    assert_valid("scoreboard.json", board)
    alpha, beta = board["rows"]
    assert alpha["team_id"] == str(world.team_user.team_id)
    assert alpha["score"]["score"] == 100 and alpha["score"]["time"] is not None
    assert "num_solved" not in alpha["score"]
    assert beta["rank"] == 2 and beta["problems"][0]["score"] == 20
    assert "time" in beta["problems"][0]


def test_the_public_scoreboard_hides_points_scored_during_the_freeze(world: World) -> None:
    _score_contest(world)
    contest = world.contest
    contest.freeze_start = world.rival.submitted_at - timedelta(seconds=1)
    contest.save()
    public = _get(client_for(), "contests/test/scoreboard")
    assert_valid("scoreboard.json", public)
    beta = next(r for r in public["rows"] if r["team_id"] == str(world.other_team_user.team_id))
    assert beta["score"]["score"] == 0 and beta["problems"][0]["num_pending"] == 1
    assert "time" not in beta["problems"][0]


def test_a_private_scoreboard_needs_authentication(world: World) -> None:
    world.contest.public_scoreboard = False
    world.contest.save()
    assert client_for().get("/api/contests/test/scoreboard").status_code == 401
    assert client_for(world.team_user).get("/api/contests/test/scoreboard").status_code == 200


def test_a_group_scoreboard_ranks_the_groups_teams_only(world: World) -> None:
    category = world.team_user.team.category
    board = _get(client_for(world.judge_user), f"contests/test/scoreboard?group_id={category.pk}")
    assert [r["team_id"] for r in board["rows"]] == [str(world.team_user.team_id)]
