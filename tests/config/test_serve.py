"""manage.py serve: the real thing, in a subprocess, on a fresh SQLite and its own embedded
Redis: it answers HTTP, serves static files, runs a worker, and Ctrl-C leaves nothing behind."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil
import pytest
from django.conf import settings

pytestmark = pytest.mark.slow

STARTUP_S = 90


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return 0


def _wait_for(url: str, process: subprocess.Popen[bytes]) -> int:
    deadline = time.monotonic() + STARTUP_S
    status = 0
    while time.monotonic() < deadline and process.poll() is None:
        status = _get(url)
        if status == 200:
            break
        time.sleep(0.5)
    return status


def test_serve_answers_and_stops_cleanly(tmp_path: Path) -> None:
    port = _free_port()
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("REDIS_URL", "DATABASE_URL", "PYTEST_XDIST_WORKER")
    }
    env.update(JUIZ_VAR_DIR=str(tmp_path), DATABASE_URL=f"sqlite:///{tmp_path}/serve.sqlite3")
    process = subprocess.Popen(
        [
            sys.executable,
            str(Path(settings.BASE_DIR) / "manage.py"),
            "serve",
            "--workers",
            "1",
            "--port",
            str(port),
            "--host",
            "127.0.0.1",
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        assert _wait_for(f"http://127.0.0.1:{port}/", process) == 200
        assert _get(f"http://127.0.0.1:{port}/static/juiz.css") == 200
        assert _get(f"http://127.0.0.1:{port}/static/admin/css/base.css") == 200
        children = psutil.Process(process.pid).children(recursive=True)
        commands = [" ".join(c.cmdline()) for c in children]
        assert any("daphne" in c for c in commands), commands
        assert any("rqworker" in c for c in commands), commands
        redis_pid = int((tmp_path / "redis.pid").read_text())
        process.send_signal(signal.SIGINT)
        output = process.communicate(timeout=60)[0].decode()
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, output
    assert "Stopped." in output
    time.sleep(0.5)
    left = [c for c in children if c.is_running() and c.status() != psutil.STATUS_ZOMBIE]
    assert left == [], output
    assert not _redis_alive(redis_pid), "serve stops the embedded Redis it started"


def _redis_alive(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False
