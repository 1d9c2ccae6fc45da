"""Fixtures for the real sandbox: bubblewrap must be installed (these tests never skip)."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from judging.sandbox import make_sandbox
from judging.sandbox.base import Limits, Sandbox

# Time limits times this: scripts/test-cgroup2.sh runs these tests under QEMU's TCG, many times
# slower than the host, where a memory hog would otherwise reach the CPU limit first.
TIME_SCALE = int(os.environ.get("JUIZ_TEST_TIME_SCALE", "1"))
LIMITS = Limits(
    cpu_ms=1000 * TIME_SCALE,
    wall_ms=2000 * TIME_SCALE,
    memory_kib=128 * 1024,
    output_bytes=1 << 20,
    processes=8,
)


@pytest.fixture(scope="session")
def sandbox() -> Sandbox:
    return make_sandbox()  # SandboxUnavailable fails the tests: CI installs bubblewrap


@pytest.fixture
def seed(tmp_path: Path) -> Path:
    directory = tmp_path / "seed"
    directory.mkdir()
    return directory


def compile_c(source: str, seed: Path, name: str = "main") -> Path:
    """Compile a C program on the host into the seed directory (gcc is trusted here)."""
    src = seed.parent / f"{name}.c"
    src.write_text(source)
    subprocess.run(["gcc", "-O1", "-o", str(seed / name), str(src)], check=True)
    return seed / name


@pytest.fixture
def io(tmp_path: Path) -> Iterator[tuple[Path, Path, Path]]:
    """stdin, stdout and stderr files of a run."""
    stdin, stdout, stderr = tmp_path / "in", tmp_path / "out", tmp_path / "err"
    stdin.write_text("21\n")
    yield stdin, stdout, stderr


def leftovers(session: object) -> list[str]:
    """Processes of the box other than its supervisor: there must be none between runs.

    Looks from the host: every descendant of the session's bwrap, and every task in the
    session's memory cgroup, apart from bwrap itself and the supervisor (bwrap's one child).
    """
    import psutil

    bwrap = psutil.Process(session._proc.pid)  # type: ignore[attr-defined]
    supervisor = bwrap.children()
    assert len(supervisor) == 1, supervisor
    expected = {bwrap.pid, supervisor[0].pid}
    found = [f"{p.pid} {p.name()}" for p in supervisor[0].children(recursive=True)]
    cgroups = session._cgroups  # type: ignore[attr-defined]
    if cgroups is not None:
        for controller in ("memory", "pids"):
            procs = (cgroups.dirs[controller] / "cgroup.procs").read_text().split()
            found += [f"{pid} in {controller} cgroup" for pid in procs if int(pid) not in expected]
    return found
