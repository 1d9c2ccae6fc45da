"""Per-session cgroups (v1: memory, cpuacct, pids) under a `juiz/` parent.

The session's cgroups are created under the worker's own cgroup of each hierarchy (so the
worker's own limits still cover the boxes), joined once by the supervisor at session start
(moving a task is slow; children inherit), and removed when the session closes. Limits are
written from here when they change; the per-run counters (peak memory, OOM kills, CPU) are
read by the supervisor through descriptors opened here, which saves the host several file
operations per run. The cgroup v2 backend is judging/sandbox/cgroups2.py; which one a worker
uses is decided in judging/sandbox/cgroup_backends.py. Without either the sandbox falls back to
rlimits and rusage (see docs/sandbox.md).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import secrets
import time
from pathlib import Path

from judging.sandbox.base import SandboxError
from judging.sandbox.protocol import Counters

_counter = itertools.count()
CONTROLLERS = ("memory", "cpuacct", "pids")


def _v1_mounts() -> dict[str, Path]:
    mounts: dict[str, Path] = {}
    with contextlib.suppress(OSError), open("/proc/self/mounts") as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 4 and parts[2] == "cgroup":
                for option in parts[3].split(","):
                    if option in CONTROLLERS:
                        mounts[option] = Path(parts[1])
    return mounts


def _own_paths() -> dict[str, str]:
    paths: dict[str, str] = {}
    with contextlib.suppress(OSError), open("/proc/self/cgroup") as f:
        for line in f:
            _, names, path = line.rstrip("\n").split(":", 2)
            for name in names.split(","):
                paths[name] = path
    return paths


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _remove_stale(parent: Path) -> None:
    """Session cgroups left by a worker that died (named s-<worker pid>-...)."""
    with contextlib.suppress(OSError):
        for child in parent.iterdir():
            parts = child.name.split("-")
            owner = int(parts[1]) if len(parts) >= 2 and parts[1].isdigit() else None
            if parts[0] == "s" and owner is not None and not _pid_alive(owner):
                with contextlib.suppress(OSError):
                    child.rmdir()


def usable() -> bool:
    """Whether this worker can make v1 session cgroups (root, and a v1 memory hierarchy)."""
    return os.geteuid() == 0 and "memory" in _v1_mounts()


def leftover_dirs(pid: int) -> list[Path]:
    """Session cgroups of the worker `pid` still present (tests check that none are left)."""
    own = _own_paths()
    found: list[Path] = []
    for controller, mount in _v1_mounts().items():
        parent = mount / own.get(controller, "/").lstrip("/") / "juiz"
        found += parent.glob(f"s-{pid}-*")
    return found


def close_all(fds: list[int]) -> None:
    """Closes the counters' descriptors (the list is emptied)."""
    for fd in fds:
        with contextlib.suppress(OSError):
            os.close(fd)
    fds.clear()


def remove_cgroup(directory: Path) -> None:
    """rmdir, retried for a second while the last tasks finish dying (EBUSY)."""
    for _ in range(50):
        try:
            directory.rmdir()
            return
        except FileNotFoundError:
            return
        except OSError:
            time.sleep(0.02)


class SessionCgroups:
    """The v1 cgroups of one session. `create()` returns None when cgroups are unusable."""

    version = 1

    def __init__(self, dirs: dict[str, Path]) -> None:
        self.dirs = dirs
        self._memory_limit: int | None = None
        self._pids_max: int | None = None
        self._fds: list[int] = []
        self.session_base = 0  # bytes charged by bwrap and the supervisor themselves

    @classmethod
    def create(cls) -> SessionCgroups | None:
        mounts, own = _v1_mounts(), _own_paths()
        if os.geteuid() != 0 or "memory" not in mounts:
            return None
        name = f"s-{os.getpid()}-{next(_counter)}-{secrets.token_hex(4)}"
        dirs: dict[str, Path] = {}
        try:
            for controller, mount in mounts.items():
                parent = mount / own.get(controller, "/").lstrip("/") / "juiz"
                parent.mkdir(exist_ok=True)
                _remove_stale(parent)
                (parent / name).mkdir()
                dirs[controller] = parent / name
        except OSError:
            cls(dirs).close()
            return None
        return cls(dirs)

    def procs_files(self) -> list[Path]:
        return [d / "cgroup.procs" for d in self.dirs.values()]

    def _open(self, controller: str, name: str, flags: int = os.O_RDONLY) -> int:
        fd = os.open(self.dirs[controller] / name, flags | os.O_CLOEXEC)
        self._fds.append(fd)
        return fd

    def counters(self) -> Counters:
        return Counters(0, self.cpuacct_fd(), self.memory_fds())

    def cpu_seconds(self) -> float:
        """CPU time of everything in the session so far (the bench reads it)."""
        return int((self.dirs["cpuacct"] / "cpuacct.usage").read_text()) / 1e9

    def cpuacct_fd(self) -> int | None:
        return self._open("cpuacct", "cpuacct.usage") if "cpuacct" in self.dirs else None

    def memory_fds(self) -> list[int]:
        """memory.max_usage_in_bytes (written to reset it), usage_in_bytes, an OOM eventfd."""
        return [
            self._open("memory", "memory.max_usage_in_bytes", os.O_RDWR),
            self._open("memory", "memory.usage_in_bytes"),
            self._oom_eventfd(),
        ]

    def _oom_eventfd(self) -> int:
        """An eventfd the kernel signals when the box reaches its memory limit.

        The cgroup's OOM killer is disabled: it picks the largest task, and a program that
        fills the tmpfs directories (memory charged to no process) could make that the
        supervisor. Instead the program waits in its page fault until the supervisor, woken
        by this eventfd, kills the box's processes (Memory Limit Exceeded).
        """
        event = os.eventfd(0, os.EFD_CLOEXEC | os.EFD_NONBLOCK)
        self._fds.append(event)
        control = self._open("memory", "memory.oom_control")
        self._write("memory", "cgroup.event_control", f"{event} {control}")
        self._write("memory", "memory.oom_control", 1)
        return event

    def _write(self, controller: str, name: str, value: int | str) -> None:
        path = self.dirs[controller] / name
        try:
            path.write_text(str(value))
        except OSError as exc:
            raise SandboxError(f"cannot write {path}: {exc}") from exc

    def measure_session_base(self) -> None:
        self.session_base = int((self.dirs["memory"] / "memory.usage_in_bytes").read_text())

    def _set_memory_limit(self, limit: int) -> None:
        if limit == self._memory_limit:
            return
        memsw = (self.dirs["memory"] / "memory.memsw.limit_in_bytes").exists()
        # memsw must stay >= the memory limit: raise it first, lower it last (at first both
        # are unlimited, so the first limit lowers them).
        growing = self._memory_limit is not None and limit > self._memory_limit
        if memsw and growing:
            self._write("memory", "memory.memsw.limit_in_bytes", limit)
        self._write("memory", "memory.limit_in_bytes", limit)
        if memsw and not growing:
            self._write("memory", "memory.memsw.limit_in_bytes", limit)
        self._memory_limit = limit

    def set_limits(self, memory_bytes: int, tasks: int) -> None:
        """The run's limits (file writes only when they change between runs)."""
        self._set_memory_limit(memory_bytes + self.session_base)
        if "pids" in self.dirs and tasks != self._pids_max:
            self._write("pids", "pids.max", tasks)
            self._pids_max = tasks

    def close(self) -> None:
        """Remove the session's cgroups (their tasks are gone; retry while they finish dying)."""
        close_all(self._fds)
        for directory in self.dirs.values():
            remove_cgroup(directory)
