"""`serve` supervises its scheduler and nothing of it outlives it (issue 12, item 5).

A real `serve` in a subprocess (SQLite in tmp, a redis-server of the test's own), its children
killed with SIGKILL: a killed worker leaves no scheduler running outside `serve`, a killed
scheduler is restarted, and a killed `serve` takes every child with it."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import psutil
import pytest

from tests.support.juiz_process import Juiz
from tests.support.servers import redis_server

pytestmark = pytest.mark.slow


@pytest.fixture
def juiz(tmp_path: Path) -> Iterator[Juiz]:
    with redis_server() as redis:
        app = Juiz(tmp_path, f"sqlite:///{tmp_path}/db.sqlite3", redis.url)
        app.manage("migrate", "--noinput")
        app.serve(workers=1)
        try:
            yield app
        finally:
            app.stop()
            for process in _ours(app):  # whatever a failed assertion left behind
                process.kill()


def _ours(app: Juiz) -> list[psutil.Process]:
    """Every live process of this Juiz (its JUIZ_VAR_DIR is in their environment)."""
    mine = app.env["JUIZ_VAR_DIR"]
    found = []
    for process in psutil.process_iter():
        try:
            same = process.environ().get("JUIZ_VAR_DIR") == mine
            if same and process.pid != os.getpid() and process.status() != psutil.STATUS_ZOMBIE:
                found.append(process)
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            continue
    return found


def _child(app: Juiz, word: str) -> psutil.Process | None:
    """serve's live child whose command line has `word` (None between a death and the
    restart)."""
    assert app.process is not None
    for child in psutil.Process(app.process.pid).children():
        try:
            if child.status() != psutil.STATUS_ZOMBIE and word in " ".join(child.cmdline()):
                return child
        except psutil.NoSuchProcess:
            continue
    return None


def _pid(child: psutil.Process | None) -> int | None:
    return None if child is None else child.pid


def _eventually(check: Callable[[], bool], timeout_s: float = 15) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.2)
    return check()


def _descendants(app: Juiz) -> set[int]:
    assert app.process is not None
    root = psutil.Process(app.process.pid)
    return {root.pid, *(p.pid for p in root.children(recursive=True))}


def test_a_killed_worker_leaves_no_scheduler_behind(juiz: Juiz) -> None:
    scheduler, worker = _child(juiz, "scheduler"), _child(juiz, "rqworker")
    assert scheduler is not None and worker is not None
    worker.send_signal(signal.SIGKILL)
    assert _eventually(lambda: _pid(_child(juiz, "rqworker")) not in (None, worker.pid))
    stray = [p.cmdline() for p in _ours(juiz) if p.pid not in _descendants(juiz)]
    assert stray == []
    assert _pid(_child(juiz, "scheduler")) == scheduler.pid


def test_a_killed_scheduler_is_restarted(juiz: Juiz) -> None:
    scheduler = _child(juiz, "scheduler")
    assert scheduler is not None
    scheduler.send_signal(signal.SIGKILL)
    assert _eventually(lambda: _pid(_child(juiz, "scheduler")) not in (None, scheduler.pid))


def test_nothing_outlives_a_killed_serve(juiz: Juiz) -> None:
    assert juiz.process is not None
    children = psutil.Process(juiz.process.pid).children(recursive=True)
    assert len(children) >= 3  # web, worker, scheduler
    juiz.process.send_signal(signal.SIGKILL)
    juiz.process.wait()
    assert _eventually(lambda: _ours(juiz) == [], 20), [p.cmdline() for p in _ours(juiz)]
