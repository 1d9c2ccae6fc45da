"""Live-update latency: from the commit of a verdict to its receipt by each WebSocket client.

    python bench/live_latency.py [--jury 100] [--public 100] [--verdicts 30] [--gap 0.25]

Starts a daphne (config.asgi) on a free loopback port, over a fresh SQLite database in a
temporary directory and the Redis of the settings (embedded by default) under its own channel
prefix. A second process opens --jury sockets on /ws/jury/ (as a judge) and --public on
/ws/scoreboard/ (anonymous). This process then changes a submission's classification through the
jury service (judge.services.jury.change) --verdicts times, --gap seconds apart, noting the
instant each transaction commits; each client notes when the verdict's event arrives (the
submission event on the jury stream, the board row on the public one). Both use the system-wide
monotonic clock. Prints p50 / p95 / max per stream and overall. Goal: p95 <= 200 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# --- the clients (a separate process, so that their work does not delay the publisher) -------


async def _client(
    url: str,
    origin: str,
    headers: dict[str, str],
    want: str,
    count: int,
    ready: asyncio.Event,
    started: list[int],
) -> list[float]:
    import websockets

    seen: list[float] = []
    async with websockets.connect(
        url, origin=origin, additional_headers=headers, max_size=None, open_timeout=60
    ) as ws:
        json.loads(await ws.recv())  # the snapshot
        started[0] += 1
        ready.set()
        while len(seen) < count:
            try:
                raw = await asyncio.wait_for(ws.recv(), 30)
            except TimeoutError:
                break
            arrived = time.monotonic()
            event = json.loads(raw)
            if event["type"] == want and event.get("kind", "changed") == "changed":
                seen.append(arrived)
    return seen


async def _clients(args: dict[str, Any], go: Any, results: Any) -> None:
    base, origin = f"ws://{args['address']}", f"http://{args['address']}"
    query = f"?contest={args['contest']}"
    judge = {"Cookie": f"sessionid={args['cookie']}"}
    ready, started = asyncio.Event(), [0]
    tasks = []
    for i in range(args["jury"] + args["public"]):
        jury = i < args["jury"]
        url = f"{base}/ws/jury/{query}" if jury else f"{base}/ws/scoreboard/{query}"
        want = "submission" if jury else "scoreboard"
        tasks.append(
            asyncio.create_task(
                _client(url, origin, judge if jury else {}, want, args["verdicts"], ready, started)
            )
        )
        await asyncio.sleep(0.005)  # a gentle ramp: 200 handshakes within ~1 s
    while started[0] < len(tasks):
        await asyncio.sleep(0.05)
    go.set()
    received = await asyncio.gather(*tasks)
    results.put([("jury" if i < args["jury"] else "public", r) for i, r in enumerate(received)])


def run_clients(args: dict[str, Any], go: Any, results: Any) -> None:
    asyncio.run(_clients(args, go, results))


# --- the server side -----------------------------------------------------------------------


def setup_django(tmp: Path, settings_module: str) -> dict[str, str]:
    env = {
        "DATABASE_URL": f"sqlite:///{tmp / 'bench.sqlite3'}",
        "JUIZ_CHANNEL_PREFIX": f"juizbench{os.getpid()}",
        "DJANGO_SETTINGS_MODULE": settings_module,
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


def scene() -> tuple[Any, Any, Any, str]:
    from django.test import Client

    from scoreboard import services
    from tests.support import factories
    from tests.support.scoreboard import problem, submit

    contest = factories.running_contest()
    team = factories.team("Alpha")
    judge = factories.user("judge", role="judge")
    sub = submit(contest, team, problem(contest, "A"), 10, "pending", "Wrong Answer")
    services.rebuild(contest)
    client = Client()
    client.force_login(judge)
    return contest, sub, judge, str(client.cookies["sessionid"].value)


def start_daphne(env: dict[str, str], port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "daphne",
            "-b",
            "127.0.0.1",
            "-p",
            str(port),
            "config.asgi:application",
        ],
        cwd=ROOT,
        env={**os.environ, **env},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("daphne did not start")


def verdicts(sub: Any, judge: Any, count: int, gap: float) -> list[float]:
    from django.db import transaction

    from judge.services import jury

    committed: list[float] = []
    for i in range(count):
        verdict = "Accepted" if i % 2 == 0 else "Wrong Answer"
        with transaction.atomic():
            # Registered first, so it runs first of the commit's callbacks: the commit instant.
            transaction.on_commit(lambda: committed.append(time.monotonic()))
            jury.change(submission=sub, judge=judge, classification=verdict, comment="bench")
        time.sleep(gap)
    return committed


def report(name: str, latencies: list[float]) -> None:
    if not latencies:
        print(f"  {name:8s} no events received")
        return
    ordered = sorted(latencies)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    print(
        f"  {name:8s} n={len(ordered):6d}  p50 {statistics.median(ordered):6.1f} ms  "
        f"p95 {p95:6.1f} ms  max {ordered[-1]:6.1f} ms"
    )


def measure(args: argparse.Namespace) -> tuple[list[float], list[tuple[str, list[float]]]]:
    """Run the server, the clients and the verdicts; (commit instants, receipts per client)."""
    with tempfile.TemporaryDirectory(prefix="juiz-live-") as tmp:
        env = setup_django(Path(tmp), args.settings)
        contest, sub, judge, cookie = scene()
        port = free_port()
        daphne = start_daphne(env, port)
        try:
            ctx = multiprocessing.get_context("spawn")
            go, results = ctx.Event(), ctx.Queue()
            spec = {
                "address": f"127.0.0.1:{port}",
                "contest": contest.pk,
                "cookie": cookie,
                "jury": args.jury,
                "public": args.public,
                "verdicts": args.verdicts,
            }
            clients = ctx.Process(target=run_clients, args=(spec, go, results))
            clients.start()
            if not go.wait(120):
                raise RuntimeError("the clients did not all connect")
            committed = verdicts(sub, judge, args.verdicts, args.gap)
            received = results.get(timeout=120)
            clients.join(10)
        finally:
            stop(daphne)
    return committed, received


def stop(daphne: subprocess.Popen[bytes]) -> None:
    daphne.terminate()
    try:
        daphne.wait(10)
    except subprocess.TimeoutExpired:  # still closing sockets: no need to wait
        daphne.kill()
        daphne.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jury", type=int, default=100)
    parser.add_argument("--public", type=int, default=100)
    parser.add_argument("--verdicts", type=int, default=30)
    parser.add_argument("--gap", type=float, default=0.25)
    parser.add_argument("--settings", default="config.settings", help="e.g. to try another layer")
    args = parser.parse_args()
    committed, received = measure(args)
    by_stream: dict[str, list[float]] = {"jury": [], "public": []}
    missing = 0
    for stream, times in received:
        missing += args.verdicts - len(times)
        by_stream[stream] += [(t - c) * 1000 for t, c in zip(times, committed, strict=False)]
    print(
        f"{args.jury} jury + {args.public} public clients, {args.verdicts} verdicts "
        f"{args.gap} s apart; events missing: {missing}"
    )
    for stream, latencies in by_stream.items():
        report(stream, latencies)
    report("all", by_stream["jury"] + by_stream["public"])


if __name__ == "__main__":
    main()
