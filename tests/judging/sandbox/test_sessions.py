"""Sessions: seeding, wiping between runs, exporting, closing, and infrastructure failures."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from judging.sandbox import SandboxUnavailable, make_sandbox
from judging.sandbox.base import RunRequest, Sandbox, SandboxError, SessionSpec
from tests.judging.sandbox.conftest import LIMITS, compile_c, leftovers

pytestmark = pytest.mark.sandbox

IO = tuple[Path, Path, Path]

LITTER = r"""
set -e
echo a > stray; mkdir -p d/e/f; echo b > d/e/f/g; chmod 000 d/e/f d/e d
echo c > /tmp/stray; echo d > /dev/shm/stray
ln -s /etc/passwd link; mkfifo fifo
i=0; p=deep; while [ $i -lt 120 ]; do p=$p/x; i=$((i+1)); done; mkdir -p $p
/usr/bin/python3 -c "import ctypes; ctypes.CDLL(None).shmget(0, 4096, 0o1600)"
ipcs -m | grep -c 0x
"""
LOOK = "ls -A /box /tmp /dev/shm; ipcs -m | grep -c 0x || true"


def sh(script: str) -> list[str]:
    return ["/bin/sh", "-c", script]


def test_nothing_of_a_run_survives_into_the_next(sandbox: Sandbox, seed: Path, io: IO) -> None:
    (seed / "keep.txt").write_text("seeded\n")
    stdout = io[1]
    with sandbox.session(SessionSpec(seed_dir=seed)) as session:
        first = session.run(RunRequest(argv=sh(LITTER), limits=LIMITS, stdout=stdout))
        assert first.ok and stdout.read_text() == "1\n"  # one SysV segment
        session.run(RunRequest(argv=sh(LOOK), limits=LIMITS, stdout=stdout))
        listing = stdout.read_text().split()
    assert listing == ["/box:", "keep.txt", "/dev/shm:", "/tmp:", "0"]


def test_seeds_are_read_only(sandbox: Sandbox, seed: Path, io: IO) -> None:
    compile_c('#include <stdio.h>\nint main(){puts("original");}', seed)
    stdout = io[1]
    attack = sh("echo evil > main; rm -f main; mv main x; chmod 777 main; ./main")
    with sandbox.session(SessionSpec(seed_dir=seed)) as session:
        session.run(RunRequest(argv=attack, limits=LIMITS, stdout=stdout))
        assert stdout.read_text() == "original\n"
        session.run(RunRequest(argv=["./main"], limits=LIMITS, stdout=stdout))
        assert stdout.read_text() == "original\n"


def test_compile_session_keeps_and_exports_its_files(
    sandbox: Sandbox, seed: Path, tmp_path: Path, io: IO
) -> None:
    (seed / "main.c").write_text('#include <stdio.h>\nint main(){puts("built");}\n')
    build = tmp_path / "build"
    spec = SessionSpec(seed_dir=seed, seccomp=False, export_dir=build)
    limits = LIMITS.__class__(**{**vars(LIMITS), "output_bytes": 64 << 20, "processes": 64})
    with sandbox.session(spec) as session:
        step1 = session.run(RunRequest(argv=["gcc", "-c", "main.c"], limits=limits))
        step2 = session.run(RunRequest(argv=["gcc", "-o", "main", "main.o"], limits=limits))
        session.run(RunRequest(argv=sh("ln -s /etc/shadow leak; mkdir sub"), limits=limits))
        assert step1.ok and step2.ok
    assert sorted(p.name for p in build.iterdir()) == ["main", "main.c", "main.o", "sub"]
    assert os.stat(build / "main").st_mode & 0o777 == 0o755
    with sandbox.session(SessionSpec(seed_dir=build)) as session:
        assert session.run(RunRequest(argv=["./main"], limits=LIMITS, stdout=io[1])).ok
    assert io[1].read_text() == "built\n"


def test_closing_leaves_nothing_behind(sandbox: Sandbox, seed: Path) -> None:
    compile_c("#include <unistd.h>\nint main(){ if (fork() == 0) pause(); return 0; }", seed)
    with sandbox.session(SessionSpec(seed_dir=seed)) as session:
        assert session.run(RunRequest(argv=["./main"], limits=LIMITS)).ok
        assert leftovers(session) == []
        bwrap = session._proc  # type: ignore[attr-defined]
        cgroups = session._cgroups  # type: ignore[attr-defined]
        workdir = session.workdir_host
        assert workdir is not None and (workdir / "main").exists()
    assert bwrap.poll() is not None
    assert not workdir.exists()
    if cgroups is not None:
        assert all(not d.exists() for d in cgroups.dirs.values())


def test_many_runs_leak_no_descriptors(sandbox: Sandbox, seed: Path, io: IO) -> None:
    compile_c("int main(){return 3;}", seed)
    stdin, stdout, stderr = io
    request = RunRequest(argv=["./main"], limits=LIMITS, stdin=stdin, stdout=stdout, stderr=stderr)
    with sandbox.session(SessionSpec(seed_dir=seed)) as session:
        session.run(request)
        before = len(os.listdir("/proc/self/fd"))
        results = [session.run(request) for _ in range(50)]
        assert len(os.listdir("/proc/self/fd")) == before
    assert {(r.exit_code, r.signal) for r in results} == {(3, None)}


def test_missing_program_is_a_sandbox_error(sandbox: Sandbox) -> None:
    with sandbox.session(SessionSpec()) as session:
        with pytest.raises(SandboxError, match="execve"):
            session.run(RunRequest(argv=["./nothing-here"], limits=LIMITS))
        assert session.run(RunRequest(argv=["/bin/true"], limits=LIMITS)).ok  # still usable


def test_a_dead_box_is_a_sandbox_error(sandbox: Sandbox) -> None:
    with sandbox.session(SessionSpec()) as session:
        box_pid = int(str(session.workdir_host).split("/")[2])
        os.kill(session._proc.pid, signal.SIGKILL)  # type: ignore[attr-defined]
        # bwrap's death reaches the box's PID 1 asynchronously (--die-with-parent): wait for
        # it, or the first run may still be answered by a supervisor about to die.
        session._proc.wait(timeout=5)  # type: ignore[attr-defined]
        deadline = time.monotonic() + 5
        while Path(f"/proc/{box_pid}").exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        with pytest.raises(SandboxError):
            session.run(RunRequest(argv=["/bin/true"], limits=LIMITS))
        with pytest.raises(SandboxError):
            session.run(RunRequest(argv=["/bin/true"], limits=LIMITS))


def test_missing_bubblewrap_names_the_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUIZ_BWRAP", "/nonexistent/bwrap")
    monkeypatch.delenv("JUIZ_UNSAFE_SANDBOX", raising=False)
    with pytest.raises(SandboxUnavailable, match="`bubblewrap`"):
        make_sandbox()


def test_supervisor_is_rebuilt_from_source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from judging.sandbox.build import supervisor_binary

    monkeypatch.setenv("JUIZ_CACHE_DIR", str(tmp_path))
    binary = supervisor_binary()
    assert binary.parent == tmp_path and os.access(binary, os.X_OK)
    done = subprocess.run([str(binary)], capture_output=True, text=True)
    assert done.returncode == 2 and "usage" in done.stderr
    assert supervisor_binary() == binary  # cached
