"""API submissions accepted per second: basic auth (password hashed per request) against API
tokens and remembered basic-auth checks, in one run.

    python bench/api_submit.py [--clients 8] [--seconds 20]

Uses the database and Redis of the environment (DATABASE_URL, REDIS_URL; PostgreSQL is what
the figures are meant for). Creates a contest `bench<pid>` with problem A and one team account
per client, with Django's default password hasher (PBKDF2, as production). For each mode it
starts a fresh daphne (config.asgi, as `serve` does) on a free loopback port, then --clients
threads POST submissions to /api/contests/<id>/submissions for --seconds, each as its own
team, one request after another. Modes:

- `basic-uncached`: HTTP basic auth with JUIZ_BASIC_AUTH_CACHE_S=0, the baseline (every
  request hashes the password);
- `token`: `Authorization: Bearer <token>` (one SHA-256 and one indexed lookup);
- `basic-cached`: HTTP basic auth with the check remembered (JUIZ_BASIC_AUTH_CACHE_S=60).

Each daphne's log goes to $JUIZ_VAR_DIR/bench/api_submit-<mode>.log. Prints accepted
submissions per second, p50 / p95 latency and each mode's ratio to the
baseline. No worker runs: submissions stay queued; the bench deletes its contest, teams and
queued jobs at the end.
"""

from __future__ import annotations

import argparse
import base64
import http.client
import io
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PASSWORD = "bench-password"
SOURCE = b"a, b = map(int, input().split())\nprint(a + b)\n"


@dataclass
class Result:
    accepted: int = 0
    refused: dict[int, int] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)
    first_refusal: str = ""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def scene(clients: int) -> tuple[Any, str, list[tuple[str, str]]]:
    """The contest, its problem id, and (username, token) per client."""
    from accounts.models import User
    from accounts.tokens import token_create
    from contest.models import Language
    from tests.support import factories

    run = f"bench{os.getpid()}"
    contest = factories.running_contest(short_name=run, name=f"API bench {run}")
    problem = factories.sum_problem(contest)
    if not Language.objects.filter(pk="python3").exists():
        factories.seed_languages()
    users = []
    for i in range(clients):
        team = factories.team(f"{run}-team{i}")
        user = User.objects.create_user(
            username=f"{run}-u{i}", password=PASSWORD, role="team", team=team
        )
        _, token = token_create(user=user, name="bench")
        users.append((user.username, token))
    return contest, str(problem.pk), users


def cleanup(contest: Any, users: list[tuple[str, str]]) -> None:
    import django_rq

    from accounts.models import Team, User

    team_ids = list(
        User.objects.filter(username__in=[u for u, _ in users]).values_list("team_id", flat=True)
    )
    contest.delete()  # its problems and submissions with it
    User.objects.filter(username__in=[u for u, _ in users]).delete()
    Team.objects.filter(pk__in=team_ids).delete()
    queue = django_rq.get_queue("judging")
    for job_id in queue.job_ids:
        job = queue.fetch_job(job_id)
        if job is not None and job.func_name == "judge.jobs.judging.judge_judgement":
            job.delete()


def start_daphne(port: int, env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    log.parent.mkdir(parents=True, exist_ok=True)
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
        stderr=log.open("wb"),
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("daphne did not start")


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def body(problem_id: str) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("sum.py", SOURCE)
    files = [{"data": base64.b64encode(buffer.getvalue()).decode()}]
    return json.dumps({"problem_id": problem_id, "language_id": "python3", "files": files}).encode()


def authorization(mode: str, username: str, token: str) -> str:
    if mode == "token":
        return f"Bearer {token}"
    return "Basic " + base64.b64encode(f"{username}:{PASSWORD}".encode()).decode()


def client(
    port: int, path: str, payload: bytes, auth: str, until: float, out: Result, lock: threading.Lock
) -> None:
    headers = {"Content-Type": "application/json", "Authorization": auth}
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    while time.monotonic() < until:
        started = time.monotonic()
        try:
            conn.request("POST", path, payload, headers)
            response = conn.getresponse()
            text = response.read()
        except (OSError, http.client.HTTPException):
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            continue
        took = time.monotonic() - started
        with lock:
            if response.status == 201:
                out.accepted += 1
                out.latencies.append(took)
            else:
                out.refused[response.status] = out.refused.get(response.status, 0) + 1
                out.first_refusal = out.first_refusal or text[:200].decode(errors="replace")
    conn.close()


def measure(
    mode: str, args: argparse.Namespace, contest: Any, problem_id: str, users: list[tuple[str, str]]
) -> tuple[Result, float]:
    cache_s = "60" if mode == "basic-cached" else "0"
    port = free_port()
    from django.conf import settings

    log = Path(settings.VAR_DIR) / "bench" / f"api_submit-{mode}.log"
    proc = start_daphne(port, {"JUIZ_BASIC_AUTH_CACHE_S": cache_s}, log)
    try:
        path = f"/api/contests/{contest.short_name}/submissions"
        payload = body(problem_id)
        result, lock = Result(), threading.Lock()
        started = time.monotonic()
        until = started + args.seconds
        threads = [
            threading.Thread(
                target=client,
                args=(port, path, payload, authorization(mode, u, t), until, result, lock),
            )
            for u, t in users
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - started
    finally:
        stop(proc)
    return result, elapsed


def report(rows: list[tuple[str, Result, float]]) -> None:
    base_rate = rows[0][1].accepted / rows[0][2] if rows and rows[0][1].accepted else 0.0
    print(
        f"{'mode':16s} {'accepted':>8s} {'per s':>8s} {'p50 ms':>8s} {'p95 ms':>8s} "
        f"{'vs base':>8s}  refused"
    )
    for mode, result, elapsed in rows:
        rate = result.accepted / elapsed
        ordered = sorted(result.latencies) or [0.0]
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        ratio = f"{rate / base_rate:7.1f}x" if base_rate else "       -"
        print(
            f"{mode:16s} {result.accepted:8d} {rate:8.2f} {statistics.median(ordered) * 1000:8.0f} "
            f"{p95 * 1000:8.0f} {ratio}  {result.refused or ''} {result.first_refusal}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    setup_django()
    from django.contrib.auth.hashers import get_hasher

    contest, problem_id, users = scene(args.clients)
    print(
        f"{args.clients} clients, {args.seconds:.0f} s per mode, password hasher "
        f"{get_hasher().algorithm} ({getattr(get_hasher(), 'iterations', '-')} iterations), "
        f"database {os.environ.get('DATABASE_URL', 'SQLite')}"
    )
    try:
        rows = []
        for mode in ("basic-uncached", "token", "basic-cached"):
            result, elapsed = measure(mode, args, contest, problem_id, users)
            rows.append((mode, result, elapsed))
        report(rows)
    finally:
        cleanup(contest, users)


if __name__ == "__main__":
    main()
