"""Fixtures every app's tests use: a cast of users (a team, another team, a runner, a judge, an
admin), a running contest with a real problem and test data, the languages of the engine's
registry, the function problem F, the real Redis and a migration executor. Helpers that are
not fixtures are in tests/support/.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.conf import settings
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from redis import Redis

from accounts.models import Team, User
from contest.models import Contest, Language, Problem
from tests.support import factories, function_problems

_STARTED_REDIS = pytest.StashKey[bool]()


def pytest_configure(config: pytest.Config) -> None:
    # PBKDF2 is slow on purpose (~0.3 s per user or basic-auth request); MD5 exercises the same
    # authentication path and makes the suite several times faster.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    if getattr(settings, "EMBEDDED_REDIS", False):
        from config import embedded_redis

        # The first process (pytest itself, or its xdist controller) starts the embedded Redis
        # and stops it at the end; test processes only use it.
        if not embedded_redis.is_running(settings.VAR_DIR):
            config.stash[_STARTED_REDIS] = True
        embedded_redis.ensure_running(settings.VAR_DIR)


def pytest_unconfigure(config: pytest.Config) -> None:
    """The SQLite test database is a file (so worker subprocesses can open it); Django deletes
    the file but not SQLite's -wal/-shm companions: remove this process's leftovers."""
    import os

    for leftover in settings.VAR_DIR.glob(f"test-juiz-{os.getpid()}.sqlite3*"):
        leftover.unlink(missing_ok=True)
    if config.stash.get(_STARTED_REDIS, False):
        from config import embedded_redis

        embedded_redis.stop(settings.VAR_DIR)


@pytest.fixture
def contest(db: None) -> Contest:
    return factories.running_contest()


@pytest.fixture
def languages(db: None) -> dict[str, Language]:
    return factories.seed_languages()


@pytest.fixture
def problem(contest: Contest) -> Problem:
    """Problem A: read two integers, print their sum (two tests)."""
    return factories.sum_problem(contest)


@pytest.fixture
def team(db: None) -> Team:
    return factories.team("Alpha")


@pytest.fixture
def other_team(db: None) -> Team:
    return factories.team("Beta")


@pytest.fixture
def team_user(team: Team) -> User:
    return factories.user("alpha1", role="team", team=team)


@pytest.fixture
def other_team_user(other_team: Team) -> User:
    return factories.user("beta1", role="team", team=other_team)


@pytest.fixture
def runner_user(db: None) -> User:
    return factories.user("runner", role="runner")


@pytest.fixture
def judge_user(db: None) -> User:
    return factories.user("judge", role="judge")


@pytest.fixture
def admin_user(db: None) -> User:
    return factories.user("admin", role="admin", is_staff=True, is_superuser=True)


def migrate_to_latest(executor: MigrationExecutor) -> None:
    executor.loader.build_graph()  # the graph as the files say, after a migration backwards
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.fixture
def executor(transactional_db: None) -> Iterator[MigrationExecutor]:
    """A migration executor on the test database, which is left at the latest migration.
    Migrations cannot run inside a test's transaction (SQLite's schema editor refuses)."""
    executor = MigrationExecutor(connection)
    yield executor
    migrate_to_latest(executor)


@pytest.fixture
def redis_conn() -> Iterator[Redis]:
    """The real Redis of the settings (embedded or REDIS_URL), emptied around the test."""
    import django_rq

    conn = django_rq.get_connection("judging")
    conn.flushdb()
    yield conn
    conn.flushdb()


@pytest.fixture
def fn(contest: Contest, languages: dict[str, Language]) -> Problem:
    """Function problem F, add(a, b): judged in Python, still verifying in Java, its C++
    reference failing."""
    return function_problems.function_problem(
        contest,
        states={"python3": "verified", "java": "pending", "cpp": "failed"},
    )
