"""The cost of one live event from a synchronous caller (the judging worker), in one run:
`async_to_sync` per publish (a new event loop, and so a new channel-layer Redis connection,
each time: how live/streams.py sent before) against live/streams.py's one sending loop per
process. Both send the same stamped event to the same group; the version counter is taken
once per event in both.

    python bench/publish.py [-n 200]

On the embedded defaults (SQLite, the embedded Redis), or DATABASE_URL / REDIS_URL."""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.scratch_db import setup_django

STREAM = "jury.0"


def timed(send: Callable[[], Any], n: int) -> list[float]:
    samples = []
    for _ in range(n):
        start = time.perf_counter()
        send()
        samples.append(1000 * (time.perf_counter() - start))
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=200, help="events per way, in turns of 20")
    args = parser.parse_args()
    setup_django(Path(tempfile.mkdtemp(prefix="juiz-bench-publish-")), "bench-publish")
    from asgiref.sync import async_to_sync

    from live import streams

    def per_call() -> None:
        (version,) = streams.next_versions([STREAM])
        async_to_sync(streams._send)([{"type": "bench", "stream": STREAM, "version": version}])

    def kept() -> None:
        streams.publish([(STREAM, {"type": "bench"})])

    ways = {"async_to_sync per publish": per_call, "one sending loop": kept}
    results: dict[str, list[float]] = {name: [] for name in ways}
    for _ in range(max(1, args.n // 20)):  # turns, so that a load change hits both
        for name, send in ways.items():
            results[name] += timed(send, 20)
    medians = {name: statistics.median(values) for name, values in results.items()}
    for name, values in results.items():
        p95 = sorted(values)[int(0.95 * (len(values) - 1))]
        print(f"{name:<28} p50 {medians[name]:6.2f} ms   p95 {p95:6.2f} ms")
    ratio = medians["async_to_sync per publish"] / medians["one sending loop"]
    print(f"per-publish cost, before / after: {ratio:.1f}x")


if __name__ == "__main__":
    main()
