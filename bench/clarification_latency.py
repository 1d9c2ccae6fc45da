"""Clarification latency: from the commit of a jury answer to its receipt by the team's socket.

    python bench/clarification_latency.py [--teams 200] [--answers 30] [--gap 0.25]

Starts a daphne (config.asgi) on a free loopback port over a fresh SQLite database and the
Redis of the settings (embedded by default) under its own channel prefix, as
bench/live_latency.py does. --teams teams each ask a question; a second process opens one
/ws/team/ socket per team (each as that team's member: what a team's browser tab holds on every
page). This process then answers through the jury service (judge.services.clarifications.answer),
--gap seconds apart, noting the instant each transaction commits, in two rounds:

  team  --answers answers, each to the team that asked (one receiving socket, --teams open)
  all   --answers answers to every team (each reaches all --teams sockets)

Each client notes when an `answered` event arrives, by answer id. Both sides use the
system-wide monotonic clock. Prints p50 / p95 / max per round. Goal: at most the verdict
latency of bench/live_latency.py (p95 <= 200 ms).
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import multiprocessing
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from live_latency import free_port, report, setup_django, start_daphne, stop

Receipt = tuple[int, float]  # answer id, monotonic arrival


async def _client(
    url: str, origin: str, cookie: str, started: list[int], done: Any
) -> list[Receipt]:
    import websockets

    seen: list[Receipt] = []
    headers = {"Cookie": f"sessionid={cookie}"}
    async with websockets.connect(
        url, origin=origin, additional_headers=headers, max_size=None, open_timeout=60
    ) as ws:
        json.loads(await ws.recv())  # the snapshot
        started[0] += 1
        while not done.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), 0.5)
            except TimeoutError:
                continue
            arrived = time.monotonic()
            event = json.loads(raw)
            if event["type"] == "clarification" and event["kind"] == "answered":
                seen.append((event["clarification"]["id"], arrived))
    return seen


async def _clients(args: dict[str, Any], go: Any, done: Any, results: Any) -> None:
    base, origin = f"ws://{args['address']}", f"http://{args['address']}"
    url = f"{base}/ws/team/?contest={args['contest']}"
    started = [0]
    tasks = []
    for cookie in args["cookies"]:
        tasks.append(asyncio.create_task(_client(url, origin, cookie, started, done)))
        await asyncio.sleep(0.005)  # a gentle ramp: 200 handshakes within ~1 s
    while started[0] < len(tasks):
        await asyncio.sleep(0.05)
    go.set()
    received = await asyncio.gather(*tasks)
    results.put([r for per_client in received for r in per_client])


def run_clients(args: dict[str, Any], go: Any, done: Any, results: Any) -> None:
    asyncio.run(_clients(args, go, done, results))


def scene(teams: int) -> tuple[Any, Any, list[Any], list[str]]:
    """A running contest, a judge, and one question per team; the teams' session cookies."""
    from django.test import Client

    from accounts.models import User
    from judge.services import clarifications
    from tests.support import factories

    contest = factories.running_contest()
    judge = factories.user("judge", role="judge")
    questions, cookies = [], []
    for n in range(teams):
        # No password: hashing 200 of them would take a minute, and force_login needs none.
        member = User.objects.create(username=f"t{n}", role="team", team=factories.team(f"T{n}"))
        questions.append(clarifications.ask(user=member, contest=contest, text=f"Q{n}?"))
        client = Client()
        client.force_login(member)
        cookies.append(str(client.cookies["sessionid"].value))
    return contest, judge, questions, cookies


def _note(instants: list[float]) -> None:
    instants.append(time.monotonic())


def answers(
    judge: Any, questions: list[Any], count: int, gap: float, to_all: bool
) -> dict[int, float]:
    """Answer `count` questions (cycling), noting each commit's instant by answer id."""
    from django.db import transaction

    from judge.services import clarifications

    committed: dict[int, float] = {}
    for i in range(count):
        question = questions[i % len(questions)]
        with transaction.atomic():
            instant: list[float] = []
            # Registered first, so it runs first of the commit's callbacks: the commit instant.
            transaction.on_commit(functools.partial(_note, instant))
            sent = clarifications.answer(
                question=question, judge=judge, text=f"A{i}", to_all=to_all
            )
        committed[sent.pk] = instant[0]
        time.sleep(gap)
    return committed


def measure(args: argparse.Namespace) -> dict[str, list[float]]:
    with tempfile.TemporaryDirectory(prefix="juiz-clar-") as tmp:
        env = setup_django(Path(tmp), args.settings)
        contest, judge, questions, cookies = scene(args.teams)
        port = free_port()
        daphne = start_daphne(env, port)
        try:
            ctx = multiprocessing.get_context("spawn")
            go, done, results = ctx.Event(), ctx.Event(), ctx.Queue()
            spec = {"address": f"127.0.0.1:{port}", "contest": contest.pk, "cookies": cookies}
            clients = ctx.Process(target=run_clients, args=(spec, go, done, results))
            clients.start()
            if not go.wait(args.connect_timeout):
                raise RuntimeError("the clients did not all connect")
            committed = answers(judge, questions, args.answers, args.gap, to_all=False)
            committed_all = answers(judge, questions, args.answers, args.gap, to_all=True)
            time.sleep(2)  # the last events' way through
            done.set()
            received: list[Receipt] = results.get(timeout=120)
            clients.join(10)
        finally:
            stop(daphne)
    rounds: dict[str, list[float]] = {"team": [], "all": []}
    for answer_id, arrived in received:
        if answer_id in committed:
            rounds["team"].append((arrived - committed[answer_id]) * 1000)
        elif answer_id in committed_all:
            rounds["all"].append((arrived - committed_all[answer_id]) * 1000)
    expected = {"team": args.answers, "all": args.answers * args.teams}
    for name, latencies in rounds.items():
        print(f"  {name}: {len(latencies)} of {expected[name]} receipts")
    return rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=200)
    parser.add_argument("--answers", type=int, default=30)
    parser.add_argument("--gap", type=float, default=0.25)
    parser.add_argument("--connect-timeout", type=float, default=180)
    parser.add_argument("--settings", default="config.settings", help="e.g. to try another layer")
    args = parser.parse_args()
    print(f"{args.teams} team sockets, {args.answers} answers per round, {args.gap} s apart")
    rounds = measure(args)
    report("to team", rounds["team"])
    report("to all", rounds["all"])


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    main()
