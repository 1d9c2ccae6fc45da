"""./run's sequence (migrate, demo, serve) in a subprocess on a fresh var/: it does not tell the
user to start a server it starts itself, and Ctrl-C leaves no redis-server running, although
`demo` (a short-lived process) is the one that started the embedded Redis (issue 12, item 19).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from tests.support.juiz_process import ROOT
from tests.support.servers import free_port

pytestmark = pytest.mark.slow


def _env(var: Path) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("REDIS_URL", "DATABASE_URL", "PYTEST_XDIST_WORKER")
    }
    return {**env, "JUIZ_VAR_DIR": str(var), "DATABASE_URL": f"sqlite:///{var}/db.sqlite3"}


def _manage(env: dict[str, str], *argv: str) -> str:
    done = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *argv],
        env=env, capture_output=True, text=True, timeout=300, check=True,
    )  # fmt: skip
    return done.stdout


def _redis_servers(var: Path) -> list[psutil.Process]:
    """redis-server processes serving this var/ (its socket is on their command line)."""
    found = []
    for process in psutil.process_iter(["cmdline", "status"]):
        cmdline = " ".join(process.info["cmdline"] or [])
        alive = process.info["status"] != psutil.STATUS_ZOMBIE
        if "redis-server" in cmdline and str(var) in cmdline and alive:
            found.append(process)
    return found


def test_run_prints_no_start_hint_and_ctrl_c_stops_the_embedded_redis(tmp_path: Path) -> None:
    env = _env(tmp_path)
    _manage(env, "migrate", "--noinput")
    demo_output = _manage(env, "demo", "--served")
    assert "start it with" not in demo_output
    assert "team1" in demo_output  # the accounts are still printed
    assert _redis_servers(tmp_path), "demo started the embedded Redis (the case to handle)"

    port = free_port()
    serve = subprocess.Popen(
        [sys.executable, str(ROOT / "manage.py"), "serve", "--workers", "1", "--port", str(port)],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        _wait_for_line(serve, "Ctrl-C stops it")
        serve.send_signal(signal.SIGINT)
        output = serve.communicate(timeout=60)[0].decode()
    finally:
        if serve.poll() is None:
            serve.kill()
    assert "Stopped." in output
    assert "start it with" not in output
    deadline = time.monotonic() + 5
    while _redis_servers(tmp_path) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _redis_servers(tmp_path) == [], output


def test_serve_leaves_alone_an_embedded_redis_whose_starter_still_runs(tmp_path: Path) -> None:
    """Another live process (a test run, a second serve) started it: it is theirs to stop."""
    from config import embedded_redis

    embedded_redis.ensure_running(tmp_path)  # this process: alive
    try:
        env = _env(tmp_path)
        _manage(env, "migrate", "--noinput")
        port = free_port()
        serve = subprocess.Popen(
            [sys.executable, str(ROOT / "manage.py"), "serve", "--workers", "0",
             "--port", str(port)],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        )  # fmt: skip
        _wait_for_line(serve, "Ctrl-C stops it")
        serve.send_signal(signal.SIGINT)
        serve.communicate(timeout=60)
        assert embedded_redis.is_running(tmp_path)
    finally:
        embedded_redis.stop(tmp_path)


def _wait_for_line(process: subprocess.Popen[bytes], text: str, timeout_s: float = 90) -> None:
    assert process.stdout is not None
    deadline = time.monotonic() + timeout_s
    seen = b""
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line and process.poll() is not None:
            raise AssertionError(f"serve exited:\n{seen.decode()}")
        seen += line
        if text.encode() in line:
            return
    raise AssertionError(f"no {text!r} within {timeout_s} s:\n{seen.decode()}")
