"""Submit-to-verdict latency through the real pipeline, stage by stage.

    DATABASE_URL=postgres://... REDIS_URL=redis://... \
    python bench/pipeline.py [-n 50] [--backend sqlite|postgres|both] [--modes before,after]
                             [--rounds 5] [--gap-ms 250]

For each backend, a fresh scene: a running contest with a C "sum" problem of 5 tests, a team
with an API token and a judge signed in. A daphne (config.asgi, as `serve` runs it) serves the
API and the WebSockets; a real `manage.py rqworker judging` judges. One submission at a time
is POSTed to /api/contests/<id>/submissions; the bench waits for the verdict's event on the
judge's /ws/jury/ socket, then --gap-ms (default 250) before the next one, so that the worker is
idle when it arrives: after publishing a verdict the worker still records the event feed's
changes (a pass of about 50 ms), which a submission sent at once would wait for in "worker
pickup". --gap-ms 0 measures back-to-back submissions instead. Each source
differs (a comment), so the worker's build cache never spares a compile.

- `sqlite`: a SQLite database in a temporary directory and the embedded Redis (its own var/).
- `postgres`: DATABASE_URL and REDIS_URL of the environment (a database and a Redis db of the
  bench's own: it migrates the database and empties the judging queue).

--modes: `before` is the pipeline as it was (RQ's fork of a work horse per job, a progress
report after every test: judge.worker.ForkingWorker, JUIZ_PROGRESS_EVERY_MS=0), `after` as it
is (judge.worker.Worker, in-process; progress at most every 250 ms); a worker class may be
named instead. The modes judge the same scene in turn, --rounds times over (a fresh worker
each time, two warm-up submissions not counted), so that a busy machine's changing load falls
on them alike and their figures compare within one run.

Stages come from wall-clock instants on the one machine: the bench's own (send, WebSocket
event), the submission's submitted_at, and the judging job's timing line (judge/jobs/timing.py:
the commit instant kept in the job's meta, RQ's enqueued_at, the job's own marks, the compile
and run times the engine measured). "checker + sandbox" is the engine's time less the
compiler's and the program's wall time and the progress reports: the sandbox's set-up around
each, the checker, the work folders. Prints p50 / p95 per stage, then the totals to the verdict
stored and to the WebSocket event, and the total minus the compile time (the issue's goal:
at most 150 ms at p50).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import http.client
import io
import itertools
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SOURCE = b"""#include <stdio.h>
int main(void) { long a, b; if (scanf("%ld %ld", &a, &b) != 2) return 1;
  printf("%ld\\n", a + b); return 0; }
"""
TESTS = 5
SERIALS = itertools.count()  # across worker classes too: no build is ever reused
WARM_UP = 2
STAGES = (
    "request", "commit", "enqueue", "worker pickup", "claim", "load", "test-data fetch",
    "compile", "tests (run)", "progress updates", "checker + sandbox", "store", "publish",
)  # fmt: skip
# What the pipeline was before issue 17 (RQ's fork per job, a progress report after every
# test) and what it is now (judge/worker.py, judge/jobs/progress.py).
MODES = {
    "before": ("judge.worker.ForkingWorker", {"JUIZ_PROGRESS_EVERY_MS": "0"}),
    "after": ("judge.worker.Worker", {}),
}
TIMING_LINE = re.compile(r"judgement \d+ timing (\{.*\})")


@dataclass
class Sample:
    sent: float
    answered: float = 0.0
    submitted_at: float = 0.0
    event: float = 0.0
    judgement: int = 0
    classification: str = ""
    timing: dict[str, Any] = field(default_factory=dict)


# --- the scene -------------------------------------------------------------------------------


def setup_django(backend: str, tmp: Path) -> None:
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    if backend == "sqlite":
        os.environ["DATABASE_URL"] = f"sqlite:///{tmp / 'bench.sqlite3'}"
        os.environ["JUIZ_VAR_DIR"] = str(tmp / "var")
        os.environ.pop("REDIS_URL", None)
    elif not os.environ.get("DATABASE_URL", "").startswith("postgres") or not os.environ.get(
        "REDIS_URL"
    ):
        raise SystemExit("--backend postgres needs DATABASE_URL (postgres://...) and REDIS_URL")
    os.environ["JUIZ_CACHE_DIR"] = str(tmp / "cache")
    os.environ["JUIZ_CHANNEL_PREFIX"] = f"juizpipe{os.getpid()}"
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    if settings.EMBEDDED_REDIS:
        from config import embedded_redis

        embedded_redis.ensure_running(settings.VAR_DIR)
    call_command("migrate", verbosity=0)
    import django_rq

    django_rq.get_queue("judging").empty()  # type: ignore[no-untyped-call]


def scene() -> tuple[Any, Any, str, str]:
    """The contest, the team, the team's API token, the judge's session cookie."""
    from django.test import Client

    from accounts.tokens import token_create
    from contest.models import Language
    from tests.support import factories

    run = f"pipe{os.getpid()}"
    contest = factories.running_contest(
        short_name=run, name=f"Pipeline bench {run}", multiple_accepts=True
    )
    problem = factories.sum_problem(contest)
    for order in range(3, TESTS + 1):
        a, b = order * 7, order * 11
        data, answer = f"{a} {b}\n".encode(), f"{a + b}\n".encode()
        factories.add_test(problem, order, f"secret/{order}", data, answer)
    if not Language.objects.filter(pk="c").exists():
        factories.seed_languages()
    team = factories.team(f"{run}-team")
    user = factories.user(f"{run}-u", role="team", team=team)
    _, token = token_create(user=user, name="bench")
    judge = factories.user(f"{run}-judge", role="judge")
    client = Client()
    client.force_login(judge)
    return contest, team, token, str(client.cookies["sessionid"].value)


def body(problem_id: int, serial: int) -> bytes:
    """A source of its own each time: the worker's build cache must not spare the compile."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("sum.c", SOURCE + f"/* submission {serial} */\n".encode())
    files = [{"data": base64.b64encode(buffer.getvalue()).decode()}]
    return json.dumps({"problem_id": str(problem_id), "language_id": "c", "files": files}).encode()


# --- processes -------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def process(
    argv: list[str], log: Path, port: int | None = None, env: dict[str, str] | None = None
) -> Iterator[None]:
    environ = {**os.environ, **(env or {})}
    err = log.open("wb")
    proc = subprocess.Popen(argv, cwd=ROOT, env=environ, stdout=subprocess.DEVNULL, stderr=err)
    try:
        if port is not None:
            _wait_for_port(port)
        yield
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _wait_for_port(port: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("daphne did not start")


def daphne(port: int) -> list[str]:
    address = ["-b", "127.0.0.1", "-p", str(port)]
    return [sys.executable, "-m", "daphne", *address, "config.asgi:application"]


def worker(mode: str) -> list[str]:
    worker_class = MODES.get(mode, (mode, {}))[0]
    manage = str(ROOT / "manage.py")
    return [sys.executable, manage, "rqworker", "judging", "--worker-class", worker_class]


# --- the judge's WebSocket -------------------------------------------------------------------


class Verdicts:
    """The first instant each submission's verdict (pending or final) arrived on /ws/jury/."""

    def __init__(self, port: int, contest_id: int, cookie: str) -> None:
        self.url = f"ws://127.0.0.1:{port}/ws/jury/?contest={contest_id}"
        self.origin, self.cookie = f"http://127.0.0.1:{port}", cookie
        self.arrived: dict[int, tuple[float, str]] = {}
        self.ready, self.changed = threading.Event(), threading.Condition()
        threading.Thread(target=lambda: asyncio.run(self._listen()), daemon=True).start()
        if not self.ready.wait(60):
            raise RuntimeError("the jury socket did not open")

    async def _listen(self) -> None:
        import websockets

        with contextlib.suppress(websockets.ConnectionClosed):  # daphne stops at the end
            await self._receive()

    async def _receive(self) -> None:
        import websockets
        from websockets.typing import Origin

        headers = {"Cookie": f"sessionid={self.cookie}"}
        async with websockets.connect(
            self.url,
            origin=Origin(self.origin),
            additional_headers=headers,
            max_size=None,
        ) as ws:
            await ws.recv()  # the snapshot
            self.ready.set()
            async for raw in ws:
                arrived = time.time()
                event = json.loads(raw)
                view = event.get("submission")
                if event.get("type") != "submission" or not isinstance(view, dict):
                    continue
                if view["state"] in ("pending", "final") and view["id"] not in self.arrived:
                    with self.changed:
                        self.arrived[view["id"]] = (arrived, view["classification"])
                        self.changed.notify_all()

    def wait(self, submission_id: int, timeout: float = 120) -> tuple[float, str]:
        with self.changed:
            if not self.changed.wait_for(lambda: submission_id in self.arrived, timeout):
                raise RuntimeError(f"no verdict event for submission {submission_id}")
            return self.arrived[submission_id]


# --- one run ---------------------------------------------------------------------------------


def submit_all(
    port: int, contest: Any, team: Any, token: str, verdicts: Verdicts, n: int, gap_s: float
) -> list[Sample]:
    from judge.models import Judgement, Submission

    problem = contest.problems.get()
    path = f"/api/contests/{contest.short_name}/submissions"
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {token}"}
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    samples = []
    for _ in range(n):
        time.sleep(gap_s)
        payload = body(problem.pk, next(SERIALS))
        sample = Sample(sent=time.time())
        conn.request("POST", path, payload, headers)
        response = conn.getresponse()
        text = response.read()
        sample.answered = time.time()
        if response.status != 201:
            raise RuntimeError(f"submission refused ({response.status}): {text[:300]!r}")
        sub = Submission.objects.filter(team=team).order_by("-pk").first()
        assert sub is not None
        sample.event, sample.classification = verdicts.wait(sub.pk)
        sample.submitted_at = sub.submitted_at.timestamp()
        sample.judgement = Judgement.objects.get(submission=sub).pk
        samples.append(sample)
    conn.close()
    return samples


def read_timings(log: Path, samples: list[Sample]) -> None:
    lines = {}
    for match in TIMING_LINE.finditer(log.read_text(errors="replace")):
        line = json.loads(match.group(1))
        lines[line["judgement"]] = line
    for sample in samples:
        sample.timing = lines.get(sample.judgement, {})


def stages(sample: Sample) -> dict[str, float]:
    """Milliseconds per stage of one submission (judge/jobs/timing.py names the marks)."""
    t = sample.timing
    marks: dict[str, float] = {}
    progress = 0.0
    for name, instant in t["marks"]:
        marks.setdefault(name, instant)
        if name == "progress:start":
            began = instant
        elif name == "progress:end":
            progress += instant - began
    engine = marks["judged"] - marks["data"]
    compile_s, run_s = t["compile_ms"] / 1000, t["tests_ms"] / 1000
    seconds = {
        "request": sample.submitted_at - sample.sent,
        "commit": t["committed_at"] - sample.submitted_at,
        "enqueue": t["enqueued_at"] - t["committed_at"],
        "worker pickup": marks["start"] - t["enqueued_at"],
        "claim": marks["claimed"] - marks["start"],
        "load": marks["loaded"] - marks["claimed"],
        "test-data fetch": marks["data"] - marks["loaded"],
        "compile": compile_s,
        "tests (run)": run_s,
        "progress updates": progress,
        "checker + sandbox": engine - compile_s - run_s - progress,
        "store": marks["stored"] - marks["judged"],
        "publish": marks["published"] - marks["stored"],
        "to verdict stored": marks["stored"] - sample.sent,
        "to WebSocket event": sample.event - sample.sent,
        "HTTP response": sample.answered - sample.sent,
    }
    seconds["event minus compile"] = seconds["to WebSocket event"] - compile_s
    return {name: 1000 * value for name, value in seconds.items()}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def print_table(title: str, rows: list[dict[str, float]]) -> None:
    print(f"\n{title}  ({len(rows)} submissions)")
    print(f"  {'stage':<22}{'p50 ms':>9}{'p95 ms':>9}")
    for name in rows[0]:
        if name == "to verdict stored":
            print(f"  {'-' * 40}")
        values = [row[name] for row in rows]
        print(f"  {name:<22}{statistics.median(values):>9.1f}{percentile(values, 0.95):>9.1f}")


def run_backend(backend: str, n: int, modes: list[str], rounds: int, gap_s: float) -> None:
    """Each mode's worker in turn, `rounds` times (a busy machine's load changes as it goes:
    the modes share it alike), n / rounds submissions each time after a warm-up."""
    with tempfile.TemporaryDirectory(prefix="juiz-bench-pipeline-") as name:
        tmp = Path(name)
        setup_django(backend, tmp)
        contest, team, token, cookie = scene()
        port = free_port()
        rows: dict[str, list[dict[str, float]]] = {mode: [] for mode in modes}
        with process(daphne(port), tmp / "daphne.log", port):
            verdicts = Verdicts(port, contest.pk, cookie)
            for turn in range(rounds):
                count = n // rounds + (1 if turn < n % rounds else 0)
                for mode in modes:
                    log = tmp / f"worker-{mode}-{turn}.log"
                    with process(worker(mode), log, env=MODES.get(mode, (mode, {}))[1]):
                        samples = submit_all(
                            port, contest, team, token, verdicts, count + WARM_UP, gap_s
                        )
                    read_timings(log, samples)
                    wrong = {s.classification for s in samples} - {"Accepted"}
                    if wrong:
                        raise SystemExit(f"unexpected verdicts {wrong}; see {log}")
                    rows[mode] += [stages(s) for s in samples[WARM_UP:]]
        contest.delete()
        stop_embedded_redis()
    for mode in modes:
        print_table(f"{backend}, {mode}: {describe(mode)}", rows[mode])


def stop_embedded_redis() -> None:
    from django.conf import settings

    if settings.EMBEDDED_REDIS:
        from config import embedded_redis

        embedded_redis.stop(settings.VAR_DIR)


def describe(mode: str) -> str:
    worker_class, env = MODES.get(mode, (mode, {}))
    settings = " ".join(f"{k}={v}" for k, v in env.items())
    return f"{worker_class} {settings}".strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-n", type=int, default=50, help="submissions measured per mode")
    parser.add_argument("--backend", choices=("sqlite", "postgres", "both"), default="both")
    parser.add_argument(
        "--modes", default="before,after", help="comma-separated: before, after, or a worker class"
    )
    parser.add_argument("--rounds", type=int, default=5, help="turns the modes take")
    parser.add_argument(
        "--gap-ms", type=float, default=250, help="pause after each verdict (an idle worker)"
    )
    args = parser.parse_args()
    if args.backend != "both":
        run_backend(args.backend, args.n, args.modes.split(","), args.rounds, args.gap_ms / 1000)
        return
    for backend in ("sqlite", "postgres"):
        argv = [sys.executable, __file__, "-n", str(args.n), "--backend", backend]
        argv += ["--modes", args.modes, "--rounds", str(args.rounds), "--gap-ms", str(args.gap_ms)]
        subprocess.run(argv, check=True)


if __name__ == "__main__":
    main()
