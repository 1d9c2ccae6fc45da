"""Judging throughput with 1 and with 2 workers: a burst of mixed submissions.

    python bench/throughput.py [--burst 200] [--rounds 1] [--timeout 900]

Starts its own PostgreSQL cluster (`initdb` into a temporary folder, its own port) and its own
redis-server, migrates a fresh database and creates a contest with problem A (sum, 3 tests) and
8 teams (tests/support/juizctl.py). Then, --rounds times over, for 1 and then 2 workers: runs
`manage.py serve --workers N`, judges a few warm-up submissions, submits --burst submissions
at once through the submit service (juizctl's `submit-mixed`: Python, C and C++; right and
wrong answers, a compile error, a crash; each source different, so no build is reused) and
waits until every one has a verdict. Prints, per worker count, the time from the first
submission to the last verdict, submissions judged per minute, and the ratio of 2 workers'
rate to 1 worker's (ideal: 2x on a 2-core machine, less what the web server, the database and
Redis take of the same cores).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.support.juiz_process import Juiz
from tests.support.servers import postgres_cluster, redis_server

WARM_UP = 4


def judged_per_minute(app: Juiz, workers: int, burst: int, timeout_s: float) -> float:
    app.serve(workers=workers)
    try:
        warm = [int(i) for i in app.ctl("submit-mixed", str(WARM_UP))]
        app.wait_classified(warm, timeout_s)
        start = time.monotonic()
        ids = [int(i) for i in app.ctl("submit-mixed", str(burst))]
        status = app.wait_classified(ids, timeout_s)
        elapsed = time.monotonic() - start
    finally:
        app.stop()
    done = sum(1 for i in ids if status.get(i, ("", ""))[0] in ("pending", "final"))
    if done < len(ids):
        raise SystemExit(f"{len(ids) - done} of {len(ids)} not judged within {timeout_s} s")
    rate = 60 * len(ids) / elapsed
    print(f"  {workers} worker(s): {len(ids)} in {elapsed:.1f} s, {rate:.0f}/min", flush=True)
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--burst", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=900.0)
    args = parser.parse_args()
    rates: dict[int, list[float]] = {1: [], 2: []}
    with (
        postgres_cluster() as cluster,
        redis_server() as redis,
        tempfile.TemporaryDirectory(prefix="juiz-throughput-") as folder,
    ):
        app = Juiz(Path(folder), cluster.create_database("throughput"), redis.url)
        print("migrating, creating the contest ...", flush=True)
        app.manage("migrate", "--noinput")
        app.ctl("setup")
        for round_ in range(1, args.rounds + 1):
            print(f"round {round_}", flush=True)
            for workers in rates:
                rates[workers].append(judged_per_minute(app, workers, args.burst, args.timeout))
    one, two = (statistics.median(rates[w]) for w in (1, 2))
    print(f"\nsubmissions per minute (median of {args.rounds}): 1 worker {one:.0f}, ", end="")
    print(f"2 workers {two:.0f}; ratio {two / one:.2f}x")


if __name__ == "__main__":
    main()
