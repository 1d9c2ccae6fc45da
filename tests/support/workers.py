"""Real RQ workers for tests: `manage.py rqworker` subprocesses on the test database and the
test Redis (tests using them must be transaction=True, so the worker sees committed rows)."""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

import psutil
from django.conf import settings
from django.db import connection

MANAGE = str(Path(settings.BASE_DIR) / "manage.py")


def database_url() -> str:
    """The URL of the database this test process really uses (the test database)."""
    db = connection.settings_dict
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{db['NAME']}"
    user = quote(db.get("USER") or "")
    password = f":{quote(db['PASSWORD'])}" if db.get("PASSWORD") else ""
    host = db.get("HOST") or "localhost"
    port = f":{db['PORT']}" if db.get("PORT") else ""
    return f"postgresql://{user}{password}@{host}{port}/{db['NAME']}"


def worker_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTEST_XDIST_WORKER"}
    # REDIS_URL already carries this test process's db (xdist isolation): pass it as is.
    env.update(
        DATABASE_URL=database_url(),
        REDIS_URL=settings.REDIS_URL,
        JUIZ_CACHE_DIR=str(settings.JUIZ_CACHE_DIR),
        **extra,
    )
    return env


def start_worker(*queues: str, burst: bool = False, **env: str) -> subprocess.Popen[bytes]:
    argv = [sys.executable, MANAGE, "rqworker", *(queues or ("judging",))]
    if burst:
        argv.append("--burst")
    return subprocess.Popen(
        argv, env=worker_env(**env), stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )


def run_burst_worker(*queues: str, timeout: float = 300, **env: str) -> str:
    """Run a burst worker until the queues are empty; return its output."""
    process = start_worker(*queues, burst=True, **env)
    output = process.communicate(timeout=timeout)[0].decode(errors="replace")
    assert process.returncode == 0, output
    return output


def kill_tree(process: subprocess.Popen[bytes]) -> None:
    """SIGKILL a worker and everything under it (its job process, the sandbox), as a crash
    of the machine would."""
    try:
        family = [psutil.Process(process.pid), *psutil.Process(process.pid).children(True)]
    except psutil.NoSuchProcess:
        family = []
    for member in family:
        with contextlib.suppress(psutil.NoSuchProcess):
            member.kill()
    process.wait(timeout=30)
    assert wait_until(lambda: all(_gone(m) for m in family), timeout=30)


def _gone(process: psutil.Process) -> bool:
    try:
        return bool(process.status() == psutil.STATUS_ZOMBIE)
    except psutil.NoSuchProcess:
        return True


def wait_until(condition: Callable[[], bool], timeout: float = 120, step: float = 0.2) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(step)
    return False
