"""A whole Juiz (`manage.py serve`: daphne, workers, scheduler, reaper) in a subprocess, on a
database and a Redis given by URL, with helpers to feed it and to watch what it judged."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from tests.support.servers import free_port

ROOT = Path(__file__).resolve().parents[2]
CLASSIFIED = ("pending", "final")


class Juiz:
    def __init__(self, folder: Path, database_url: str, redis_url: str, **env: str) -> None:
        self.folder = folder
        self.port = free_port()
        self.log_path = folder / "serve.log"
        self.process: subprocess.Popen[bytes] | None = None
        base = {k: v for k, v in os.environ.items() if k != "PYTEST_XDIST_WORKER"}
        self.env = {
            **base,
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
            "JUIZ_VAR_DIR": str(folder / "var"),
            "JUIZ_CHANNEL_PREFIX": f"juiz-{self.port}",
            "PYTHONUNBUFFERED": "1",
            **env,
        }

    def manage(self, *argv: str, timeout_s: float = 300) -> str:
        done = subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), *argv],
            cwd=ROOT, env=self.env, capture_output=True, text=True, timeout=timeout_s,
        )  # fmt: skip
        if done.returncode != 0:
            raise RuntimeError(f"manage.py {' '.join(argv)} failed:\n{done.stdout}{done.stderr}")
        return done.stdout

    def ctl(self, *argv: str) -> Any:
        done = subprocess.run(
            [sys.executable, "-m", "tests.support.juizctl", *argv],
            cwd=ROOT, env=self.env, capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        if done.returncode != 0:
            raise RuntimeError(f"juizctl {' '.join(argv)} failed:\n{done.stdout}{done.stderr}")
        return json.loads(done.stdout.strip().splitlines()[-1])

    def serve(self, workers: int = 1) -> None:
        log = self.log_path.open("ab")
        argv = [sys.executable, str(ROOT / "manage.py"), "serve", "--no-migrate",
                "--workers", str(workers), "--port", str(self.port)]  # fmt: skip
        self.process = subprocess.Popen(
            argv, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT
        )
        self.wait_http()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def wait_http(self, timeout_s: float = 90) -> None:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                raise RuntimeError(f"serve exited:\n{self.log()}")
            try:
                with urllib.request.urlopen(self.base_url + "/accounts/login/", timeout=2):
                    return
            except OSError:
                time.sleep(0.3)
        raise RuntimeError(f"serve did not answer:\n{self.log()}")

    def status(self, ids: list[int]) -> dict[int, tuple[str, str]]:
        raw = self.ctl("status", *map(str, ids))
        return {int(k): (v[0], v[1]) for k, v in raw.items()}

    def wait_classified(self, ids: list[int], timeout_s: float) -> dict[int, tuple[str, str]]:
        """Wait until every submission has a verdict (pending or final); return the last
        status seen (the caller asserts)."""
        deadline = time.monotonic() + timeout_s
        status = self.status(ids)
        while time.monotonic() < deadline:
            if all(status.get(i, ("", ""))[0] in CLASSIFIED for i in ids):
                break
            time.sleep(1)
            status = self.status(ids)
        return status

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
