"""Event-feed throughput and lag: many readers of /api/contests/<id>/event-feed, one writer.

    python bench/event_feed.py [--readers 200] [--events 100] [--gap 0.05]

Starts a daphne (config.asgi) on a free loopback port over the environment's database
(DATABASE_URL; a fresh SQLite file when unset) and Redis, under its own channel prefix. A second
process opens --readers streaming feeds as a judge (API token) restricted to clarifications.
This process then asks --events clarifications through the service, --gap seconds apart, noting
when each commits; readers note when its notification arrives. Prints the notifications
delivered per second over all readers and the lag from commit to receipt (p50, p95, max).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from live_latency import ROOT, free_port, report, start_daphne, stop

sys.path.insert(0, str(ROOT))


async def _reader(spec: dict[str, Any], ready: list[int], seen: dict[str, float]) -> None:
    host, port = spec["address"].split(":")
    reader, writer = await asyncio.open_connection(host, int(port), limit=2**22)
    path = f"/api/contests/{spec['contest']}/event-feed?types=clarifications"
    writer.write(
        f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {spec['token']}\r\n"
        "Connection: close\r\n\r\n".encode()
    )
    await writer.drain()
    counted = False
    while len(seen) < spec["events"]:
        raw = await reader.readline()
        if not raw:
            break
        if not counted and raw in (b"\r\n",):  # the end of the headers: connected
            counted = True
            ready[0] += 1
        if raw.startswith(b"{"):
            note = json.loads(raw)
            text = (note.get("data") or {}).get("text", "")
            if text.startswith("bench "):
                seen.setdefault(text, time.monotonic())
    writer.close()


async def _readers(spec: dict[str, Any], go: Any, results: Any) -> None:
    ready = [0]
    seen: list[dict[str, float]] = [{} for _ in range(spec["readers"])]
    tasks = [asyncio.create_task(_reader(spec, ready, s)) for s in seen]
    while ready[0] < spec["readers"]:
        await asyncio.sleep(0.05)
    await asyncio.sleep(1)  # every snapshot read
    go.set()
    with contextlib.suppress(TimeoutError):  # report what arrived
        await asyncio.wait_for(asyncio.gather(*tasks), spec["events"] * spec["gap"] + 60)
    results.put(seen)


def run_readers(spec: dict[str, Any], go: Any, results: Any) -> None:
    asyncio.run(_readers(spec, go, results))


def setup(tmp: Path) -> dict[str, str]:
    env = {
        "DATABASE_URL": os.environ.get("DATABASE_URL", f"sqlite:///{tmp / 'bench.sqlite3'}"),
        "JUIZ_CHANNEL_PREFIX": f"juizfeed{os.getpid()}",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    os.environ.update(env)
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    if settings.EMBEDDED_REDIS:
        from config import embedded_redis

        embedded_redis.ensure_running(settings.VAR_DIR)
    call_command("migrate", verbosity=0)
    return env


def scene() -> tuple[Any, Any, str]:
    from accounts.tokens import token_create
    from tests.support import factories

    name = f"feed{os.getpid()}"
    contest = factories.running_contest(short_name=name, name=name)
    team_user = factories.user(f"{name}t", role="team", team=factories.team(f"{name} team"))
    judge = factories.user(f"{name}j", role="judge")
    _, token = token_create(user=judge, name="bench")
    return contest, team_user, token


def ask(contest: Any, user: Any, count: int, gap: float) -> dict[str, float]:
    from django.db import transaction

    from judge.services import clarifications

    committed: dict[str, float] = {}
    for i in range(count):
        text = f"bench {i}"
        with transaction.atomic():
            transaction.on_commit(lambda t=text: committed.__setitem__(t, time.monotonic()))
            clarifications.ask(user=user, contest=contest, text=text)
        time.sleep(gap)
    return committed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--readers", type=int, default=200)
    parser.add_argument("--events", type=int, default=100)
    parser.add_argument("--gap", type=float, default=0.05)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="juiz-feed-") as tmp:
        env = setup(Path(tmp))
        contest, user, token = scene()
        port = free_port()
        daphne = start_daphne(env, port)
        try:
            ctx = multiprocessing.get_context("spawn")
            go, results = ctx.Event(), ctx.Queue()
            spec = {
                "address": f"127.0.0.1:{port}",
                "contest": contest.short_name,
                "token": token,
                "readers": args.readers,
                "events": args.events,
                "gap": args.gap,
            }
            readers = ctx.Process(target=run_readers, args=(spec, go, results))
            readers.start()
            if not go.wait(300):
                raise RuntimeError("the readers did not all connect")
            began = time.monotonic()
            committed = ask(contest, user, args.events, args.gap)
            seen: list[dict[str, float]] = results.get(timeout=args.events * args.gap + 120)
            ended = max((t for s in seen for t in s.values()), default=time.monotonic())
            readers.join(10)
        finally:
            stop(daphne)
    lags = [(t - committed[k]) * 1000 for s in seen for k, t in s.items() if k in committed]
    missing = args.readers * args.events - len(lags)
    print(
        f"{args.readers} readers, {args.events} clarifications {args.gap} s apart: "
        f"{len(lags) / (ended - began):.0f} notifications/s delivered, "
        f"{args.events / (ended - began):.1f} events/s recorded; missing {missing}"
    )
    report("lag", lags)


if __name__ == "__main__":
    main()
