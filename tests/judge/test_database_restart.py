"""A PostgreSQL restart under a running `serve` (issue 12, item 1).

A real cluster of the test's own (`initdb` into a temporary folder, its own port) and a
redis-server of its own: `pg_ctl restart -m fast` cuts every connection, as in the drill that
left the reaper failing "the connection is closed" every 30 s for good. After the restart the
reaper must reconnect and queue again a submission its worker lost, and the worker must judge
it and new submissions alike.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.juiz_process import Juiz
from tests.support.servers import (
    PostgresCluster,
    RedisServer,
    postgres_available,
    postgres_cluster,
    redis_server,
)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.sandbox,
    pytest.mark.skipif(not postgres_available(), reason="no PostgreSQL server binaries"),
]


@pytest.fixture
def servers() -> Iterator[tuple[PostgresCluster, RedisServer]]:
    with postgres_cluster() as cluster, redis_server() as redis:
        yield cluster, redis


@pytest.fixture
def juiz(servers: tuple[PostgresCluster, RedisServer], tmp_path: Path) -> Iterator[Juiz]:
    cluster, redis = servers
    app = Juiz(tmp_path, cluster.create_database("juiz"), redis.url, JUIZ_REAP_INTERVAL_S="2")
    app.manage("migrate", "--noinput")
    app.ctl("setup")
    app.serve(workers=1)
    yield app
    app.stop()


def test_serve_recovers_from_a_postgresql_restart(
    juiz: Juiz, servers: tuple[PostgresCluster, RedisServer]
) -> None:
    cluster, _ = servers
    before = juiz.ctl("submit", "2")
    assert _verdicts(juiz.wait_classified(before, 60)) == ["Accepted", "Accepted"]
    time.sleep(2.5)  # the reaper has swept on its connection since: the restart breaks it

    cluster.restart()
    stuck = juiz.ctl("stuck")  # a worker lost it: only the reaper can bring it back
    after = juiz.ctl("submit", "2")

    status = juiz.wait_classified([stuck, *after], 45)
    assert _verdicts(status) == ["Accepted"] * 3, juiz.log()
    log = juiz.log()
    assert "reaper" in log and "queued again" in log, log
    tail = log.split("queued again")[-1]
    assert "connection is closed" not in tail, log  # it does not keep failing afterwards


def _verdicts(status: dict[int, tuple[str, str]]) -> list[str]:
    return [classification for _, (_, classification) in sorted(status.items())]


def test_a_judgement_survives_a_restart_in_the_middle(
    servers: tuple[PostgresCluster, RedisServer], tmp_path: Path
) -> None:
    """The restart cuts the job's connection between two tests: the progress report is
    skipped and the result is stored on a new connection, not left "judging"."""
    cluster, redis = servers
    app = Juiz(tmp_path, cluster.create_database("job"), redis.url)
    app.env["JUIZ_TEST_RESTART_PG"] = json.dumps(cluster.restart_argv())
    app.manage("migrate", "--noinput")
    app.ctl("setup")
    (submission,) = app.ctl("submit", "1")
    assert app.ctl("judge-across-restart", str(submission)) == ["done", "pending", "Accepted"]
