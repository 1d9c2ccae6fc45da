"""The cgroup backend the sandbox picked (v1 on these machines, v2 in the VM of
scripts/test-cgroup2.sh): its session cgroup, its limits and its per-run measurements."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from judging.sandbox import cgroup_backends, cgroups, cgroups2
from judging.sandbox.base import RunRequest, Sandbox, SandboxError, SessionSpec
from judging.sandbox.bwrap import BwrapSandbox
from tests.judging.sandbox.conftest import LIMITS, compile_c

pytestmark = pytest.mark.sandbox

IO = tuple[Path, Path, Path]
# Allocates and touches the number of MiB read from stdin, then exits 0.
ALLOCATE = """#include <stdio.h>
#include <stdlib.h>
int main(){ long n; if (scanf("%ld", &n) != 1) return 2; volatile char *p = malloc(n << 20);
  for (long i = 0; i < (n << 20); i += 4096) p[i] = 1; return 0; }"""
# The parent waits while its child allocates past any limit: the OOM kill hits the child only.
CHILD_HOG = """#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
int main(){ if (fork() == 0) { for (;;) { char *p = malloc(1 << 20); if (!p) _exit(7);
  memset(p, 1, 1 << 20); } } int st; wait(&st); return 0; }"""


def expected_backend() -> str:
    wanted = os.environ.get(cgroup_backends.BACKEND_ENV)
    if wanted:
        return wanted
    if cgroups.usable():
        return "v1"
    return "v2" if cgroups2.why_unusable() is None else "none"


def test_the_backend_is_the_one_the_host_mounts(sandbox: Sandbox) -> None:
    assert getattr(sandbox, "cgroup_backend", None) == expected_backend()
    assert expected_backend() != "none", "CI hosts and the VM must judge with cgroups"


def test_the_session_cgroup_holds_the_box_and_its_limits(sandbox: Sandbox, seed: Path) -> None:
    compile_c("int main(){return 0;}", seed)
    limits = replace(LIMITS, memory_kib=96 * 1024, processes=6)
    with sandbox.session(SessionSpec(seed_dir=seed)) as session:
        box = session._cgroups  # type: ignore[attr-defined]
        assert box.version == int(expected_backend()[1])
        assert (box.procs_files()[0]).read_text().split(), "bwrap and the supervisor are in it"
        assert session.run(RunRequest(argv=["./main"], limits=limits)).ok
        memory = box.dirs["memory"]
        name = "memory.max" if box.version == 2 else "memory.limit_in_bytes"
        assert int((memory / name).read_text()) == 96 * 1024 * 1024 + box.session_base
        assert int((box.dirs["pids"] / "pids.max").read_text()) == 6 + 1 + 2
        if box.version == 2:
            assert (memory / "memory.swap.max").read_text().strip() == "0"
        directories = list(box.dirs.values())
    assert not any(d.exists() for d in directories), "removed at close"


def test_each_run_reports_its_own_peak(sandbox: Sandbox, seed: Path, io: IO) -> None:
    # A smaller run after a bigger one: v2 before Linux 6.12 cannot reset memory.peak, so the
    # second run's figure must not be the first run's peak.
    compile_c(ALLOCATE, seed)
    stdin, stdout, _ = io
    limits = replace(LIMITS, memory_kib=128 * 1024)
    with sandbox.session(SessionSpec(seed_dir=seed)) as session:
        peaks = []
        for mib in (60, 20, 40):
            stdin.write_text(f"{mib}\n")
            run = RunRequest(argv=["./main"], limits=limits, stdin=stdin, stdout=stdout)
            result = session.run(run)
            assert result.ok and not result.memory_limit_hit, result
            peaks.append(result.memory_kib / 1024)
    for mib, peak in zip((60, 20, 40), peaks, strict=True):
        assert mib <= peak <= mib + 12, peaks


def test_a_child_killed_at_the_limit_is_memory_limit_exceeded(
    sandbox: Sandbox, seed: Path, io: IO
) -> None:
    compile_c(CHILD_HOG, seed)
    stdin, stdout, _ = io
    run = RunRequest(argv=["./main"], limits=LIMITS, stdin=stdin, stdout=stdout)
    with sandbox.session(SessionSpec(seed_dir=seed)) as session:
        result = session.run(run)
        assert result.memory_limit_hit, result
        assert session.run(run).memory_limit_hit, "and again: the count is per run"


def test_insisting_on_an_unusable_backend_refuses_to_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    other = "v2" if expected_backend() == "v1" else "v1"
    monkeypatch.setenv(cgroup_backends.BACKEND_ENV, other)
    with pytest.raises(SandboxError, match=f"cgroup {other} is unusable"):
        BwrapSandbox()
    monkeypatch.setenv(cgroup_backends.BACKEND_ENV, "v3")
    with pytest.raises(SandboxError, match="expected v1, v2 or none"):
        BwrapSandbox()


def test_no_session_cgroup_is_left_behind(sandbox: Sandbox) -> None:
    with sandbox.session(SessionSpec()) as session:
        mine = set(session._cgroups.dirs.values())  # type: ignore[attr-defined]
        assert set(cgroup_backends.leftover_dirs(os.getpid())) == mine
    assert cgroup_backends.leftover_dirs(os.getpid()) == []
