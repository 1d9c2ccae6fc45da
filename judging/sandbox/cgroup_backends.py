"""Which cgroups a worker's sandbox sessions use, decided once at start-up by what the host
mounts: cgroup v1 (judging/sandbox/cgroups.py), cgroup v2 (cgroups2.py), or none (rlimits and
rusage, with a warning in every report). `JUIZ_CGROUP=v1|v2|none` insists on one: the worker
then refuses to start when it is not usable here, instead of silently degrading.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal, Protocol

from judging.sandbox import cgroups, cgroups2
from judging.sandbox.base import SandboxError
from judging.sandbox.protocol import Counters

Backend = Literal["v1", "v2", "none"]
BACKEND_ENV = "JUIZ_CGROUP"
NO_CGROUP_WARNING = (
    "sandbox without a memory cgroup (needs root and cgroup v1, or a delegated cgroup v2 "
    "subtree): memory is measured per process and limited by RLIMIT_AS, CPU time per process"
)


class BoxCgroups(Protocol):
    """What a session needs of its cgroups, whichever the version."""

    version: int
    dirs: dict[str, Path]

    def procs_files(self) -> list[Path]: ...
    def counters(self) -> Counters: ...
    def measure_session_base(self) -> None: ...
    def set_limits(self, memory_bytes: int, tasks: int) -> None: ...
    def cpu_seconds(self) -> float: ...
    def close(self) -> None: ...


def _why_not(backend: Backend) -> str | None:
    if backend == "v1":
        return None if cgroups.usable() else "needs root and a cgroup v1 memory hierarchy"
    if backend == "v2":
        return cgroups2.why_unusable()
    return None


def detect() -> Backend:
    """The backend of this host (JUIZ_CGROUP forces one; SandboxError if it is unusable)."""
    wanted = os.environ.get(BACKEND_ENV, "")
    if wanted:
        if wanted not in ("v1", "v2", "none"):
            raise SandboxError(f"{BACKEND_ENV}={wanted!r}: expected v1, v2 or none")
        why = _why_not(wanted)  # type: ignore[arg-type]
        if why:
            raise SandboxError(f"{BACKEND_ENV}={wanted} but cgroup {wanted} is unusable: {why}")
        return wanted  # type: ignore[return-value]
    if cgroups.usable():
        return "v1"
    return "v2" if cgroups2.why_unusable() is None else "none"


def create(backend: Backend) -> BoxCgroups | None:
    if backend == "v1":
        return cgroups.SessionCgroups.create()
    if backend == "v2":
        return cgroups2.V2SessionCgroups.create()
    return None


def leftover_dirs(pid: int) -> list[Path]:
    """Session cgroups of the worker `pid` still present, in either hierarchy."""
    return cgroups.leftover_dirs(pid) + cgroups2.leftover_dirs(pid)
