"""A real daphne (config.asgi_static: HTTP, static files, WebSockets) in a subprocess, serving
the test database (a file for SQLite, test_<name> for PostgreSQL) and the tests' Redis."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.db import connection
from django.test import Client

from accounts.models import User
from tests.support.burst_worker import database_url

START_TIMEOUT_S = 30


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_listening(port: int, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"daphne exited:\n{log.read_text()}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"daphne did not listen on {port}:\n{log.read_text()}")


@contextmanager
def daphne(extra_env: dict[str, str] | None = None) -> Iterator[str]:
    """Start daphne on a free loopback port; yields "127.0.0.1:<port>"."""
    port = free_port()
    env = {**os.environ, "DATABASE_URL": database_url(), **(extra_env or {})}
    with tempfile.NamedTemporaryFile("w+b", prefix="daphne-", suffix=".log", delete=False) as log:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "daphne",
                "-b",
                "127.0.0.1",
                "-p",
                str(port),
                "config.asgi_static:application",
            ],
            cwd=settings.BASE_DIR,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    log_path = Path(log.name)
    try:
        _wait_listening(port, proc, log_path)
        yield f"127.0.0.1:{port}"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log_path.unlink(missing_ok=True)
        _wait_sessions_closed()


def _wait_sessions_closed(timeout_s: float = 5) -> None:
    """PostgreSQL ends a dead client's backend a moment after the client: wait for it, or the
    test database cannot be dropped at the end of the run."""
    if connection.vendor != "postgresql":
        return
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
            (others,) = cursor.fetchone()
        if not others:
            return
        time.sleep(0.1)


def session_cookie(user: User) -> str:
    client = Client()
    client.force_login(user)
    return str(client.cookies["sessionid"].value)
