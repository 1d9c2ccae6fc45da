"""The fake sandbox (for unit tests of the steps) and the unsafe one (no bubblewrap)."""

from __future__ import annotations

from pathlib import Path

import pytest

from judging.sandbox import make_sandbox
from judging.sandbox.base import RunRequest, RunResult, SandboxError, SessionSpec
from judging.sandbox.fake import CannedRun, FakeSandbox
from judging.sandbox.unsafe import WARNING, UnsafeSandbox
from tests.judging.sandbox.conftest import LIMITS, compile_c

OK = RunResult(exit_code=0, signal=None, cpu_ms=1, wall_ms=2, memory_kib=100)


def test_fake_replays_runs_writes_output_and_exports(tmp_path: Path) -> None:
    seed = tmp_path / "seed"
    seed.mkdir()
    (seed / "main.c").write_text("source")
    sandbox = FakeSandbox([CannedRun(OK, files={"main": b"binary"}), CannedRun(OK, stdout=b"42\n")])
    with sandbox.session(SessionSpec(seed_dir=seed, export_dir=tmp_path / "build")) as compile_:
        assert compile_.run(RunRequest(argv=["gcc"], limits=LIMITS)) == OK
    assert (tmp_path / "build" / "main").read_bytes() == b"binary"
    assert (tmp_path / "build" / "main.c").read_text() == "source"
    with sandbox.session(SessionSpec(seed_dir=tmp_path / "build")) as run:
        result = run.run(RunRequest(argv=["./main"], limits=LIMITS, stdout=tmp_path / "out"))
    assert result == OK and (tmp_path / "out").read_bytes() == b"42\n"
    assert [r.argv for r in sandbox.requests] == [["gcc"], ["./main"]]
    with pytest.raises(AssertionError, match="no canned run left"):
        sandbox.session(SessionSpec()).run(RunRequest(argv=["again"], limits=LIMITS))


def test_fake_raises_canned_errors_and_adds_warnings() -> None:
    sandbox = FakeSandbox(
        lambda request: SandboxError("box died") if request.argv[0] == "bad" else OK,
        warnings=("careful",),
    )
    with sandbox.session(SessionSpec()) as session:
        assert session.warnings == ("careful",)
        assert session.run(RunRequest(argv=["good"], limits=LIMITS)).warnings == ("careful",)
        with pytest.raises(SandboxError, match="box died"):
            session.run(RunRequest(argv=["bad"], limits=LIMITS))


def test_the_unsafe_sandbox_is_made_when_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUIZ_UNSAFE_SANDBOX", "1")
    assert isinstance(make_sandbox(), UnsafeSandbox)


def test_unsafe_sandbox_runs_and_warns(tmp_path: Path) -> None:
    seed = tmp_path / "seed"
    seed.mkdir()
    compile_c('#include <stdio.h>\nint main(){int x; scanf("%d",&x); printf("%d\\n",2*x);}', seed)
    (tmp_path / "in").write_text("21\n")
    sandbox = UnsafeSandbox()
    with sandbox.session(SessionSpec(seed_dir=seed)) as session:
        assert WARNING in session.warnings
        request = RunRequest(
            argv=["/box/main"], limits=LIMITS, stdin=tmp_path / "in", stdout=tmp_path / "out"
        )
        result = session.run(request)
        assert result.ok and WARNING in result.warnings
        assert (tmp_path / "out").read_text() == "42\n"
        litter = RunRequest(argv=["/bin/sh", "-c", "echo > stray; sleep 30"], limits=LIMITS)
        slow = session.run(litter)
        assert slow.wall_limit_hit and slow.signal == 9
        assert sorted(p.name for p in session.workdir_host.iterdir()) == ["main"]  # type: ignore[union-attr]


def test_unsafe_sandbox_does_not_charge_the_workers_memory_to_the_program(tmp_path: Path) -> None:
    # Linux carries a process's peak RSS over fork and exec: forked straight from a worker
    # holding 300 MiB, /bin/true would "use" 300 MiB against a 128 MiB limit.
    ballast = bytearray(300 * 1024 * 1024)
    ballast[::4096] = b"x" * len(ballast[::4096])  # touch every page: it is resident
    with UnsafeSandbox().session(SessionSpec()) as session:
        result = session.run(RunRequest(argv=["/bin/true"], limits=LIMITS))
    assert result.ok and not result.memory_limit_hit, result
    assert result.memory_kib < 64 * 1024
    # ... while what the program itself uses is still measured.
    hog = "a = bytearray(80 * 1024 * 1024); a[::4096] = b'x' * len(a[::4096])"
    with UnsafeSandbox().session(SessionSpec()) as session:
        heavy = session.run(RunRequest(argv=["/usr/bin/python3", "-c", hog], limits=LIMITS))
    assert heavy.ok and heavy.memory_kib >= 80 * 1024, heavy
    del ballast
