"""Every endpoint for every role during the freeze: a team sees its own result of a frozen
submission in its own submissions, judgements and feed, but the board it reads is the public,
frozen one; other teams and the public see nothing of it; the jury sees everything."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import transaction
from django.test import Client
from django.utils import timezone

from accounts.models import User
from contest.models import Contest, Problem
from judge.models import Submission
from judge.services.submit import submit
from judging.classification import Classification
from tests.api.conftest import PY_SOURCE, World, client_for, judge
from tests.api.test_event_feed import feed
from tests.support import factories

pytestmark = pytest.mark.django_db(transaction=True)  # the feed records after the commit

URL = "/api/contests/test"
ENDPOINTS = (
    "",
    "/access",
    "/state",
    "/problems",
    "/languages",
    "/groups",
    "/organizations",
    "/teams",
    "/judgement-types",
    "/submissions",
    "/judgements",
    "/runs",
    "/clarifications",
    "/awards",
    "/scoreboard",
    "/event-feed?stream=false",
)


@pytest.fixture
def problem_b(contest: Contest) -> Problem:
    return factories.sum_problem(contest, "B")  # before any submission: the board knows it


@pytest.fixture
def frozen(problem_b: Problem, world: World) -> Submission:
    """Alpha solves problem B during the freeze, which began before any submission."""
    contest = world.contest
    contest.freeze_start = timezone.now() - timedelta(minutes=20)
    contest.save()
    sub = submit(
        user=world.team_user,
        contest=contest,
        problem=problem_b,
        filename="sum.py",
        source=PY_SOURCE,
    )
    with transaction.atomic():  # as the worker stores a report: one commit, then the hooks
        judge(sub, Classification.ACCEPTED, (10,))
    return sub


def _roles(world: World, runner: User, admin: User) -> dict[str, User | None]:
    return {
        "public": None,
        "team": world.team_user,
        "other team": world.other_team_user,
        "runner": runner,
        "judge": world.judge_user,
        "admin": admin,
    }


def _get(user: User | None, path: str) -> list[dict[str, object]]:
    response = client_for(user).get(f"{URL}{path}")
    assert response.status_code == 200, response.content
    return response.json()  # type: ignore[no-any-return]


def test_every_endpoint_answers_every_role_during_the_freeze(
    frozen: Submission, world: World, runner_user: User, admin_user: User
) -> None:
    for role, user in _roles(world, runner_user, admin_user).items():
        for path in ENDPOINTS:
            response = client_for(user).get(f"{URL}{path}")
            assert response.status_code == 200, (role, path, response.content)


def _solved(board: dict[str, object], team_id: int) -> int:
    rows = board["rows"]
    assert isinstance(rows, list)
    row = next(r for r in rows if r["team_id"] == str(team_id))
    return int(row["score"]["num_solved"])


def test_a_team_sees_its_own_frozen_verdict_but_the_frozen_board(
    frozen: Submission, world: World
) -> None:
    team, sid = world.team_user, str(frozen.pk)
    jid = str(frozen.judgements.get().pk)
    assert sid in {s["id"] for s in _get(team, "/submissions")}
    mine = {j["id"]: j for j in _get(team, "/judgements")}
    jury = {j["id"]: j for j in _get(world.judge_user, "/judgements")}
    assert mine[jid]["judgement_type_id"] == jury[jid]["judgement_type_id"] == "AC"
    alpha = team.team_id
    board = client_for(team).get(f"{URL}/scoreboard").json()
    public = Client().get(f"{URL}/scoreboard").json()
    jury_board = client_for(world.judge_user).get(f"{URL}/scoreboard").json()
    # Every accept of Alpha's came after the freeze began: hidden even from Alpha's board.
    assert _solved(board, alpha) == _solved(public, alpha) == 0
    assert _solved(jury_board, alpha) == 2


def test_other_teams_and_the_public_see_nothing_of_it(frozen: Submission, world: World) -> None:
    sid, jid = str(frozen.pk), str(frozen.judgements.get().pk)
    for user in (world.other_team_user, None):
        assert sid not in {s["id"] for s in _get(user, "/submissions")}
        assert jid not in {j["id"] for j in _get(user, "/judgements")}
        assert client_for(user).get(f"{URL}/submissions/{sid}").status_code == 404
        assert client_for(user).get(f"{URL}/judgements/{jid}").status_code == 404
        board = client_for(user).get(f"{URL}/scoreboard").json()
        assert _solved(board, world.team_user.team_id) == 0


def test_the_feed_follows_the_same_rules(frozen: Submission, world: World) -> None:
    jid = str(frozen.judgements.get().pk)

    def verdicts(user: User | None) -> list[object]:
        return [
            n["data"]["judgement_type_id"]  # type: ignore[index]
            for n in feed(client_for(user), world)
            if n["type"] == "judgements" and n["id"] == jid and n["data"]
        ]

    assert "AC" in verdicts(world.team_user) and "AC" in verdicts(world.judge_user)
    assert verdicts(world.other_team_user) == [] and verdicts(None) == []


def test_anonymous_clients_cannot_write_anything(frozen: Submission, world: World) -> None:
    for method, path in (
        ("post", "/submissions"),
        ("post", "/clarifications"),
        ("patch", ""),
        ("post", "/teams"),
        ("put", f"/teams/{world.team_user.team_id}"),
        ("delete", f"/teams/{world.team_user.team_id}"),
        ("post", "/groups"),
    ):
        response = getattr(Client(), method)(f"{URL}{path}", "{}", content_type="application/json")
        assert response.status_code == 401, (method, path, response.content)
