"""Per-session cgroups on a cgroup v2 (unified) host: one cgroup per session, `juiz/s-...`,
in the worker's delegated subtree.

v2's "no internal processes" rule: a cgroup that has processes cannot give its children
controllers. So the worker's own cgroup (e.g. a systemd unit with `Delegate=yes`) is first
emptied into a leaf, `juiz-worker/` (the worker and whatever else ran there), then `memory` and
`pids` are enabled in its `cgroup.subtree_control` and in `juiz/`'s. A worker started later
finds itself in `juiz-worker/` and uses the same parent. `python -m judging.sandbox
prepare-cgroups` does this once, as root, for a worker that is not root (docs/sandbox.md).

Per session: `memory.max` (limit + what bwrap and the supervisor use, as on v1),
`memory.swap.max` 0, `pids.max`; the supervisor reads `cpu.stat`, `memory.peak` (or samples
`memory.current` where the kernel has no memory.peak, before 5.19) and `memory.events` through
descriptors opened here. memory.peak is reset per run only where writing it resets it (6.12+).
The cgroup's OOM killer stays on (v2 cannot turn it off): bwrap and the supervisor are out of its
reach (oom_score_adj -1000, set by the launcher as root), and the supervisor watches
memory.events' oom and oom_kill counts, which it turns into Memory Limit Exceeded.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import secrets
from pathlib import Path

from judging.sandbox.base import SandboxError
from judging.sandbox.cgroups import close_all, remove_cgroup
from judging.sandbox.protocol import (
    CONFIG_CGROUP2,
    CONFIG_NO_PEAK,
    CONFIG_PEAK_RESETS,
    Counters,
)

CONTROLLERS = ("memory", "pids")
WORKER_LEAF = "juiz-worker"
PARENT = "juiz"

_counter = itertools.count()
_parent: Path | None = None


def mount_point() -> Path | None:
    """Where cgroup2 is mounted as *the* hierarchy (not a hybrid host's extra `unified/`)."""
    found = None
    with contextlib.suppress(OSError), open("/proc/self/mounts") as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 3 and parts[2] == "cgroup2":
                found = Path(parts[1]) if found is None or parts[1] == "/sys/fs/cgroup" else found
    return found


def own_path() -> str | None:
    with contextlib.suppress(OSError), open("/proc/self/cgroup") as f:
        for line in f:
            if line.startswith("0::"):
                return line[3:].rstrip("\n")
    return None


def delegated_base() -> Path | None:
    """The worker's cgroup (the parent of its leaf once it moved there)."""
    mount, own = mount_point(), own_path()
    if mount is None or own is None:
        return None
    base = mount / own.lstrip("/")
    return base.parent if base.name == WORKER_LEAF else base


def why_unusable() -> str | None:
    """None when v2 session cgroups can be made here, else the reason."""
    base = delegated_base()
    if base is None:
        return "no cgroup2 hierarchy is mounted"
    try:
        available = (base / "cgroup.controllers").read_text().split()
    except OSError as exc:
        return f"cannot read {base}/cgroup.controllers: {exc}"
    missing = [c for c in CONTROLLERS if c not in available]
    if missing:
        return f"controllers {', '.join(missing)} not delegated to {base}"
    if not os.access(base / "cgroup.subtree_control", os.W_OK) or not os.access(base, os.W_OK):
        return f"{base} is not writable by this worker (see docs/sandbox.md: delegation)"
    return None


def _enabled(directory: Path) -> bool:
    enabled = (directory / "cgroup.subtree_control").read_text().split()
    return all(c in enabled for c in CONTROLLERS)


def _enable(directory: Path) -> None:
    if not _enabled(directory):
        text = " ".join(f"+{c}" for c in CONTROLLERS)
        (directory / "cgroup.subtree_control").write_text(text)


def _empty_into_leaf(base: Path) -> None:
    """Moves every process of `base` into base/juiz-worker (the root cgroup is exempt)."""
    if base == mount_point():
        return
    leaf = base / WORKER_LEAF
    leaf.mkdir(exist_ok=True)
    for pid in (base / "cgroup.procs").read_text().split():
        with contextlib.suppress(ProcessLookupError):  # it exited meanwhile
            (leaf / "cgroup.procs").write_text(pid)


def prepare(base: Path) -> Path:
    """Makes base/juiz a parent whose children get memory and pids; returns it."""
    if not _enabled(base):
        _empty_into_leaf(base)
        _enable(base)
    parent = base / PARENT
    parent.mkdir(exist_ok=True)
    _enable(parent)
    return parent


def _parent_dir() -> Path:
    global _parent
    if _parent is None:
        base = delegated_base()
        if base is None:
            raise SandboxError("no cgroup2 hierarchy is mounted")
        try:
            _parent = prepare(base)
        except OSError as exc:
            raise SandboxError(f"cannot prepare cgroup v2 subtree {base}: {exc}") from exc
    return _parent


def leftover_dirs(pid: int) -> list[Path]:
    base = delegated_base()
    return [] if base is None else list((base / PARENT).glob(f"s-{pid}-*"))


def _remove_stale(parent: Path) -> None:
    """Session cgroups of workers that died (named s-<worker pid>-...)."""
    for child in parent.glob("s-*-*"):
        owner = child.name.split("-")[1]
        if owner.isdigit() and not Path(f"/proc/{owner}").exists():
            with contextlib.suppress(OSError):
                child.rmdir()


class V2SessionCgroups:
    """The cgroup v2 cgroup of one session. `create()` returns None when it cannot be made."""

    version = 2

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        # Same keys as v1's (tests and tools look up "memory" and "pids"): one directory here.
        self.dirs = {"memory": directory, "pids": directory}
        self._memory_limit: int | None = None
        self._pids_max: int | None = None
        self._fds: list[int] = []
        self.session_base = 0

    @classmethod
    def create(cls) -> V2SessionCgroups | None:
        try:
            parent = _parent_dir()
            _remove_stale(parent)
            directory = parent / f"s-{os.getpid()}-{next(_counter)}-{secrets.token_hex(4)}"
            directory.mkdir()
        except (OSError, SandboxError):
            return None
        cgroups = cls(directory)
        swap = directory / "memory.swap.max"
        try:
            if swap.exists():
                swap.write_text("0")
        except OSError:
            cgroups.close()
            return None
        return cgroups

    def procs_files(self) -> list[Path]:
        return [self.directory / "cgroup.procs"]

    def _open(self, name: str, flags: int = os.O_RDONLY) -> int:
        fd = os.open(self.directory / name, flags | os.O_CLOEXEC)
        self._fds.append(fd)
        return fd

    def _peak_fd(self) -> tuple[int, int]:
        """memory.peak and the flags saying how the supervisor may use it."""
        peak = self.directory / "memory.peak"
        if not peak.exists():
            return self._open("memory.current"), CONFIG_NO_PEAK
        try:
            fd = self._open("memory.peak", os.O_RDWR)
            os.pwrite(fd, b"0", 0)  # resets it on 6.12+; refused before
            return fd, CONFIG_PEAK_RESETS
        except OSError:
            return self._open("memory.peak"), 0

    def counters(self) -> Counters:
        peak, flags = self._peak_fd()
        memory = [peak, self._open("memory.current"), self._open("memory.events")]
        return Counters(CONFIG_CGROUP2 | flags, self._open("cpu.stat"), memory)

    def cpu_seconds(self) -> float:
        for line in (self.directory / "cpu.stat").read_text().splitlines():
            key, value = line.split()
            if key == "usage_usec":
                return int(value) / 1e6
        return 0.0

    def _write(self, name: str, value: int | str) -> None:
        path = self.directory / name
        try:
            path.write_text(str(value))
        except OSError as exc:
            raise SandboxError(f"cannot write {path}: {exc}") from exc

    def measure_session_base(self) -> None:
        self.session_base = int((self.directory / "memory.current").read_text())

    def set_limits(self, memory_bytes: int, tasks: int) -> None:
        limit = memory_bytes + self.session_base
        if limit != self._memory_limit:
            self._write("memory.max", limit)
            self._memory_limit = limit
        if tasks != self._pids_max:
            self._write("pids.max", tasks)
            self._pids_max = tasks

    def close(self) -> None:
        """Remove the cgroup (its tasks are gone; retry while they finish dying)."""
        close_all(self._fds)
        remove_cgroup(self.directory)
