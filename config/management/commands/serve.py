"""manage.py serve: everything Juiz needs on one machine, in one command.

Starts the embedded Redis (when REDIS_URL is not set), applies migrations, seeds languages,
then runs daphne (HTTP, WebSockets, static files) and N RQ workers as child processes, and
sweeps for lost judgements every JUIZ_REAP_INTERVAL_S. Ctrl-C (SIGINT) or SIGTERM stops all.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import time
from pathlib import Path
from types import FrameType
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser
from django.db import connections

from config import embedded_redis
from config.supervisor import Child, Supervisor
from contest.services.languages import seed_environments, seed_languages
from judge.reaper import ReaperLoop, reap
from judge.services.coverage import requeue_pending_verifications

logger = logging.getLogger(__name__)
MANAGE = str(Path(settings.BASE_DIR) / "manage.py")


class Command(BaseCommand):
    help = "Run Juiz: web server, RQ workers, reaper (and the embedded Redis if needed)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--workers",
            type=int,
            default=os.cpu_count() or 1,
            help="Number of RQ workers (default: number of cores).",
        )
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--no-migrate", action="store_true", help="Skip `migrate`.")

    def handle(self, *args: Any, **options: Any) -> None:
        started_redis = self._redis()
        try:
            self._prepare(options)
            supervisor = Supervisor(self._children(options))
            self._run(supervisor, options)
        finally:
            if started_redis:
                embedded_redis.stop(settings.VAR_DIR)

    def _redis(self) -> bool:
        """Start the embedded Redis unless REDIS_URL is set; True if this process is to stop it
        at exit: it started it, or the process that did is gone (./run's `demo`)."""
        if not settings.EMBEDDED_REDIS:
            return False
        embedded_redis.ensure_running(settings.VAR_DIR)
        return embedded_redis.orphaned(settings.VAR_DIR)

    def _prepare(self, options: dict[str, Any]) -> None:
        if not options["no_migrate"]:
            call_command("migrate", interactive=False, verbosity=0)
        for language in seed_languages():
            self.stdout.write(f"language {language.id} added (enabled: {language.enabled})")
        for environment in seed_environments():
            self.stdout.write(f"environment {environment.language_id}@{environment.key} added")
        reap()  # judgements left "judging" by workers of an earlier run on this machine
        requeue_pending_verifications()  # function problems' coverage, if Redis lost the jobs
        connections.close_all()  # children open their own connections

    def _children(self, options: dict[str, Any]) -> list[Child]:
        web = Child(
            "web",
            [
                sys.executable,
                "-m",
                "daphne",
                "-b",
                options["host"],
                "-p",
                str(options["port"]),
                "config.asgi_static:application",
            ],
            restart=False,
        )
        workers = [
            Child(
                f"worker-{i}",
                [
                    sys.executable,
                    MANAGE,
                    "rqworker",
                    "runs",  # function problems' "Run": a team is waiting at the editor
                    "judging",
                    "rejudging",
                    "default",  # compiler self-tests (judge.services.compilers)
                    "verifying",  # function problems' reference verification (coverage)
                ],
                restart=True,
            )
            for i in range(1, options["workers"] + 1)
        ]
        # Retries' backoff needs a scheduler; one supervised child rather than one forked by
        # each worker (RQ's own dies on a Redis error and outlives a killed worker).
        scheduler = Child(
            "scheduler",
            [sys.executable, MANAGE, "scheduler", "--exit-with-parent"],
            restart=True,
        )
        return [web, *workers, scheduler] if workers else [web]

    def _run(self, supervisor: Supervisor, options: dict[str, Any]) -> None:
        stopping: list[int] = []

        def request_stop(signum: int, frame: FrameType | None) -> None:
            stopping.append(signum)

        signal.signal(signal.SIGINT, request_stop)
        signal.signal(signal.SIGTERM, request_stop)
        supervisor.start()
        self.stdout.write(
            f"Juiz on http://{options['host']}:{options['port']}/ with "
            f"{options['workers']} worker(s). Ctrl-C stops it."
        )
        self.stdout.flush()
        reaper = ReaperLoop(interval_s=settings.JUIZ_REAP_INTERVAL_S)
        next_reap = time.monotonic() + settings.JUIZ_REAP_INTERVAL_S
        try:
            while not stopping:
                dead = supervisor.check()
                if dead is not None:
                    self.stderr.write(f"{dead} exited; stopping.")
                    break
                if time.monotonic() >= next_reap:
                    next_reap = time.monotonic() + self._reap(reaper)
                time.sleep(0.5)
        finally:
            self.stdout.write("Stopping ...")
            supervisor.stop()
            self.stdout.write("Stopped.")

    def _reap(self, reaper: ReaperLoop) -> float:
        """One sweep; the seconds until the next (sooner after a failure: see ReaperLoop)."""
        reaped, delay = reaper.round()
        if reaped:
            self.stdout.write(f"queued again (lost by their workers): {reaped}")
            self.stdout.flush()
        return delay
