"""Live-update fixtures: the in-memory channel layer for consumer tests, a small contest."""

from __future__ import annotations

from typing import TypedDict

import pytest
from pytest_django import Settings

from accounts.models import Team, User
from contest.models import Contest, Problem
from tests.support import factories
from tests.support.scoreboard import problem


class Scene(TypedDict):
    """A running contest with problem A, teams Alpha and Beta (a member each), a judge and a
    runner."""

    contest: Contest
    problem: Problem
    alpha: Team
    beta: Team
    alpha_user: User
    beta_user: User
    judge: User
    runner: User


@pytest.fixture
def memory_layer(settings: Settings) -> None:
    """Consumer unit tests run on the in-memory layer (the version counters stay in Redis)."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


@pytest.fixture
def scene(transactional_db: None) -> Scene:
    """Committed data: channels' database_sync_to_async closes the connection it used, which
    would end the test's transaction under the plain `db` fixture."""
    contest = factories.running_contest()
    alpha, beta = factories.team("Alpha"), factories.team("Beta")
    return {
        "contest": contest,
        "problem": problem(contest, "A"),
        "alpha": alpha,
        "beta": beta,
        "alpha_user": factories.user("alpha1", role="team", team=alpha),
        "beta_user": factories.user("beta1", role="team", team=beta),
        "judge": factories.user("judge", role="judge"),
        "runner": factories.user("runner", role="runner"),
    }
