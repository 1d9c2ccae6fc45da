"""/scoreboard/ while Redis is down: the board from the database and a notice, never a 500.

Redis here is a real redis-server of this test's own, on its own port, stopped mid-test (the
shared one must stay up for the other tests)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.test import Client
from pytest_django import Settings

from contest.models import Contest
from scoreboard import services
from tests.support import factories
from tests.support.scoreboard import problem, submit
from tests.support.scores import make_scoring, score
from tests.support.servers import RedisServer, redis_server


@pytest.fixture
def own_redis(settings: Settings) -> Iterator[RedisServer]:
    with redis_server() as server:
        settings.REDIS_URL = server.url
        yield server


@pytest.fixture
def board_contest(own_redis: RedisServer, db: None) -> Contest:
    """Alpha solved A at minute 10 (the cells built while Redis was up)."""
    contest = factories.running_contest()
    a = problem(contest, "A")
    alpha = factories.team("Alpha")
    submit(contest, alpha, a, 10, "final", "Accepted")
    services.rebuild(contest)
    return contest


def test_the_board_is_live_while_redis_is_up(board_contest: Contest) -> None:
    response = Client().get("/scoreboard/")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-live-kind="scoreboard"' in html
    assert "Live updates unavailable" not in html


def test_the_board_comes_from_the_database_with_a_notice_when_redis_is_down(
    board_contest: Contest, own_redis: RedisServer
) -> None:
    own_redis.stop()
    assert not own_redis.answers()
    response = Client().get("/scoreboard/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Live updates unavailable" in html
    assert 'data-live-kind="scoreboard"' not in html  # no live.js that would fail to connect
    assert 'data-solved="1" data-penalty="10"' in html  # Alpha's row, read from the cells
    assert '<span class="sb-time">10</span>' in html


def test_the_board_is_live_again_once_redis_is_back(
    board_contest: Contest, own_redis: RedisServer
) -> None:
    own_redis.stop()
    assert Client().get("/scoreboard/").status_code == 200
    own_redis.start()
    html = Client().get("/scoreboard/").content.decode()
    assert 'data-live-kind="scoreboard"' in html
    assert "Live updates unavailable" not in html


def test_the_score_board_comes_from_the_database_when_redis_is_down(
    board_contest: Contest, own_redis: RedisServer
) -> None:
    board_contest.score_board = "best-problem"
    board_contest.save()
    a = board_contest.problems.get()
    make_scoring(a)
    score(a.submissions.get(), 70, {"g1": (70, 100)})
    services.rebuild(board_contest)
    own_redis.stop()
    response = Client().get("/scoreboard/scores/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Live updates unavailable" in html
    assert 'data-live-kind="scores"' not in html
    assert 'data-score="70.0"' in html and '<span class="sb-time">70</span>' in html
