"""The reliability drill of issue 12: a whole Juiz under faults, and what it lost.

    python bench/drill.py [--workers 2] [--burst 200] [--batch 20] [--redis-down 40]
                          [--timeout 300] [--only burst,job,worker,redis,postgres]

Starts its own PostgreSQL cluster (`initdb` into a temporary folder, its own port) and its own
redis-server, migrates a fresh database, creates a contest with problem A (sum) and 8 teams
(tests/support/juizctl.py), and runs `manage.py serve` on them (JUIZ_REAP_INTERVAL_S=5). Then,
one after the other:

  burst     --burst submissions at once (every 5th a wrong answer)
  job       --batch submissions; kill -9 of a running job's process (RQ's work horse)
  worker    --batch submissions; kill -9 of a worker process while it judges
  redis     --batch submissions; Redis killed, --batch more submitted while it is down,
            started again (empty, as the embedded one is after a restart) after --redis-down s
  postgres  --batch submissions; `pg_ctl restart -m fast` while they are judged

For each it prints: submitted (accepted by the submit service), classified (pending or final
by the end), lost or stuck (submitted, not classified within --timeout s), and the time to
recover: from the fault (from the first submission for the burst) to the moment every
submitted one is classified (for the kills, that includes judging the rest of the batch).
Also the stale work folders (held by no process) left in /tmp at the end, and the tracebacks
in serve's log.
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import psutil
import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from judging.workdirs import stale_folders
from tests.support.juiz_process import Juiz
from tests.support.servers import (
    PostgresCluster,
    RedisServer,
    postgres_cluster,
    redis_server,
)

CLASSIFIED = ("pending", "final")


@dataclass
class Row:
    drill: str
    submitted: int
    classified: int
    lost_or_stuck: int
    recover_s: float | None


class Drill:
    def __init__(
        self, app: Juiz, cluster: PostgresCluster, redis: RedisServer, args: argparse.Namespace
    ) -> None:
        self.app, self.cluster, self.redis, self.args = app, cluster, redis, args
        self.db_url = app.env["DATABASE_URL"].replace("postgres://", "postgresql://")

    # --- observing ------------------------------------------------------------------------

    def classified(self, ids: list[int]) -> int:
        """How many of `ids` have a verdict (a fresh connection each time: PostgreSQL may have
        restarted since)."""
        try:
            with psycopg.connect(self.db_url, connect_timeout=3) as conn:
                row = conn.execute(
                    "SELECT count(*) FROM judge_submission WHERE id = ANY(%s) AND state = ANY(%s)",
                    (ids, list(CLASSIFIED)),
                ).fetchone()
        except psycopg.OperationalError:
            return -1
        return int(row[0]) if row else 0

    def wait(self, ids: list[int], since: float) -> tuple[int, float | None]:
        deadline = time.monotonic() + self.args.timeout
        done = 0
        while time.monotonic() < deadline:
            done = self.classified(ids)
            if done == len(ids):
                return done, round(time.monotonic() - since, 1)
            time.sleep(0.5)
        return max(done, 0), None

    def submit(self, count: int) -> list[int]:
        try:
            return [int(i) for i in self.app.ctl("submit", str(count))]
        except RuntimeError as error:  # refused: counted as not submitted
            print(f"  submit failed: {str(error).splitlines()[-1]}", flush=True)
            return []

    def processes(self, word: str) -> list[psutil.Process]:
        assert self.app.process is not None
        found = []
        for child in psutil.Process(self.app.process.pid).children(recursive=True):
            with contextlib.suppress(psutil.NoSuchProcess):
                if word in " ".join(child.cmdline()) and child.status() != psutil.STATUS_ZOMBIE:
                    found.append(child)
        return found

    def horse(self, timeout_s: float = 60) -> psutil.Process | None:
        """A running job's process: a worker's child (RQ forks one per job)."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            for worker in self.processes("rqworker"):
                with contextlib.suppress(psutil.NoSuchProcess):
                    children = worker.children()
                    if children:
                        return children[0]
            time.sleep(0.05)
        return None

    def row(self, name: str, ids: list[int], fault_at: float, expected: int) -> Row:
        done, recover = self.wait(ids, fault_at)
        row = Row(name, len(ids), done, len(ids) - done, recover)
        if len(ids) < expected:
            print(f"  {expected - len(ids)} submission(s) refused", flush=True)
        print(f"  {row}", flush=True)
        return row

    # --- the drills ------------------------------------------------------------------------

    def burst(self) -> Row:
        start = time.monotonic()
        ids = self.submit(self.args.burst)
        return self.row(f"burst of {self.args.burst}", ids, start, self.args.burst)

    def kill_job(self) -> Row:
        ids = self.submit(self.args.batch)
        horse = self.horse()
        fault = time.monotonic()
        if horse is not None:
            horse.send_signal(signal.SIGKILL)
        return self.row("kill -9 of a job", ids, fault, self.args.batch)

    def kill_worker(self) -> Row:
        ids = self.submit(self.args.batch)
        horse = self.horse()
        fault = time.monotonic()
        if horse is not None:
            with contextlib.suppress(psutil.NoSuchProcess):
                horse.parent().send_signal(signal.SIGKILL)  # the worker, mid-job
        return self.row("kill -9 of a worker", ids, fault, self.args.batch)

    def redis_down(self) -> Row:
        ids = self.submit(self.args.batch)
        time.sleep(1)
        self.redis.stop()
        ids += self.submit(self.args.batch)  # while Redis is down
        time.sleep(self.args.redis_down)
        self.redis.start()
        fault = time.monotonic()
        return self.row(f"Redis down {self.args.redis_down:.0f} s", ids, fault, 2 * self.args.batch)

    def postgres_restart(self) -> Row:
        ids = self.submit(self.args.batch)
        self.horse()
        fault = time.monotonic()
        self.cluster.restart()
        return self.row("PostgreSQL restart", ids, fault, self.args.batch)


def table(rows: list[Row]) -> str:
    lines = [
        "| drill | submitted | classified | lost or stuck | time to recover |",
        "|---|---|---|---|---|",
    ]
    for r in rows:
        recover = f"{r.recover_s} s" if r.recover_s is not None else "not within the timeout"
        cells = (r.drill, r.submitted, r.classified, r.lost_or_stuck, recover)
        lines.append("| " + " | ".join(map(str, cells)) + " |")
    return "\n".join(lines)


@contextlib.contextmanager
def juiz(args: argparse.Namespace) -> Iterator[tuple[Juiz, PostgresCluster, RedisServer]]:
    with (
        postgres_cluster() as cluster,
        redis_server() as redis,
        tempfile.TemporaryDirectory(prefix="juiz-drill-") as folder,
    ):
        database = cluster.create_database("drill")
        app = Juiz(Path(folder), database, redis.url, JUIZ_REAP_INTERVAL_S="5")
        print("migrating, creating the contest ...", flush=True)
        app.manage("migrate", "--noinput")
        app.ctl("setup")
        app.serve(workers=args.workers)
        try:
            yield app, cluster, redis
        finally:
            app.stop()
            Path("/tmp/juiz-drill-serve.log").write_text(app.log())


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--burst", type=int, default=200)
    parser.add_argument("--batch", type=int, default=20)
    parser.add_argument("--redis-down", type=float, default=40.0)
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--only", default="burst,job,worker,redis,postgres")
    args = parser.parse_args()
    stale_before = set(stale_folders())
    rows = []
    with juiz(args) as (app, cluster, redis):
        drill = Drill(app, cluster, redis, args)
        drills: dict[str, Callable[[], Row]] = {
            "burst": drill.burst,
            "job": drill.kill_job,
            "worker": drill.kill_worker,
            "redis": drill.redis_down,
            "postgres": drill.postgres_restart,
        }
        for name in args.only.split(","):
            print(f"drill: {name}", flush=True)
            rows.append(drills[name]())
        tracebacks = app.log().count("Traceback")
    stale = sorted(set(stale_folders()) - stale_before)
    print()
    print(table(rows))
    print(
        f"\nstale work folders left in /tmp (held by no process): {len(stale)}; "
        f"tracebacks in serve's log: {tracebacks} (log: /tmp/juiz-drill-serve.log)"
    )


if __name__ == "__main__":
    main()
