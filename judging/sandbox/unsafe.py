"""A sandbox WITHOUT isolation, for development machines without bubblewrap.

Only with JUIZ_UNSAFE_SANDBOX=1. Programs run as the worker's own user, in a host temporary
directory, with rlimits, their own session (killed as a process group) and a minimal
environment. Nothing stops them from reading the host's files, using the network or escaping
the process group: every session and every result carries a warning that the engine copies into
every report.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from judging.sandbox import outcome
from judging.sandbox.base import (
    ClosingSession,
    RunRequest,
    RunResult,
    SandboxError,
    SessionSpec,
    keeps_files,
)
from judging.sandbox.files import export_tree
from judging.sandbox.protocol import HIT_WALL, KIND_EXITED, KIND_SIGNALED, WireResult
from judging.workdirs import WorkFolder

LAUNCHER = Path(__file__).with_name("unsafe_launch.py")
WARNING = (
    "UNSAFE SANDBOX: programs ran without isolation (JUIZ_UNSAFE_SANDBOX=1); "
    "this verdict must not be trusted in a contest"
)


class UnsafeSandbox:
    name = "unsafe"

    def session(self, spec: SessionSpec) -> UnsafeSession:
        return UnsafeSession(spec)


def _rlimits(limits: outcome.RunLimits) -> list[tuple[str, int, int]]:
    """The rlimits the launcher sets in the program's process, by resource name."""
    cpu_s = (limits.cpu_ms + 999) // 1000
    # Python spells C's RLIM_INFINITY -1.
    stack = -1 if limits.stack_bytes == outcome.RLIM_INFINITY else limits.stack_bytes
    pairs = [("RLIMIT_CPU", cpu_s, cpu_s + 1)]
    if limits.as_bytes is not None:
        pairs.append(("RLIMIT_AS", limits.as_bytes, limits.as_bytes))
    pairs += [
        ("RLIMIT_STACK", stack, stack),
        ("RLIMIT_FSIZE", limits.fsize_bytes, limits.fsize_bytes),
        ("RLIMIT_NOFILE", limits.nofile, limits.nofile),
        ("RLIMIT_CORE", 0, 0),
    ]
    return pairs


class UnsafeSession(ClosingSession):
    def __init__(self, spec: SessionSpec) -> None:
        self.spec = spec
        self.warnings: tuple[str, ...] = (WARNING,)
        self._folder = WorkFolder("juiz-unsafe-")
        self.workdir_host: Path | None = self._folder.path
        self._seeds: set[str] = set()
        self._running: int | None = None  # the running program's process group
        if spec.seed_dir is not None:
            shutil.copytree(spec.seed_dir, self.workdir_host, dirs_exist_ok=True)
            self._seeds = {p.name for p in spec.seed_dir.iterdir()}

    def _host(self, value: str) -> str:
        """The box's workdir path (e.g. /box/main in a command template) on the host."""
        assert self.workdir_host is not None
        box = self.spec.workdir.rstrip("/")
        if value == box or value.startswith(box + "/"):
            return str(self.workdir_host) + value[len(box) :]
        return value

    def _environment(self, extra: Mapping[str, str]) -> dict[str, str]:
        env = outcome.box_environment(self.spec.workdir, extra)
        return {k: self._host(v) for k, v in env.items()}

    def run(self, request: RunRequest) -> RunResult:
        if self.workdir_host is None:
            raise SandboxError("run on a closed sandbox session")
        limits = outcome.run_limits(request.limits, has_cgroup=False)
        with _Streams(request) as streams:
            wire = self._execute(request, limits, streams)
            sizes = (streams.size(1), streams.size(2))
        if not keeps_files(self.spec):
            self._wipe()
        result = outcome.to_result(request, wire, False, sizes, seccomp=False)
        return _with_warning(result)

    def _execute(
        self, request: RunRequest, limits: outcome.RunLimits, streams: _Streams
    ) -> WireResult:
        files = streams.files
        start = time.monotonic()
        report_r, report_w = os.pipe()
        limits_json = json.dumps(_rlimits(limits))
        command = [sys.executable, "-S", "-E", str(LAUNCHER), str(report_w), limits_json]
        try:
            proc = subprocess.Popen(
                [*command, *(self._host(a) for a in request.argv)],
                cwd=self.workdir_host,
                stdin=files[0],
                stdout=files[1],
                stderr=files[2],
                env=self._environment(request.env),
                start_new_session=True,
                pass_fds=(report_w,),
            )
        except OSError as exc:
            os.close(report_r)
            raise SandboxError(f"cannot start {request.argv[0]!r}: {exc}") from exc
        finally:
            os.close(report_w)
            streams.close()
        self._running = proc.pid
        try:
            timed_out = _wait_wall(proc, limits.wall_ms / 1000)
        finally:
            self._running = None
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = status  # reaped here: Popen must not wait for it again
        _kill_group(proc.pid)  # whatever the program left in its process group
        with os.fdopen(report_r, "rb") as stream:
            report = stream.read()
        wall_us = int((time.monotonic() - start) * 1e6)
        if report:  # the program's own figures; else the launcher was killed at the wall limit
            status, cpu_s, maxrss_kib = json.loads(report)
            return _wire(status, cpu_s, maxrss_kib, timed_out, wall_us)
        return _wire(status, usage.ru_utime + usage.ru_stime, 0, timed_out, wall_us)

    def program_pids(self) -> list[int]:
        """The running program's process group (it is started in a session of its own)."""
        group = self._running
        if group is None:
            return []
        return [pid for pid in _pids() if _group_of(pid) == group]

    def kill_programs(self) -> None:
        if self._running is not None:
            _kill_group(self._running)

    def _wipe(self) -> None:
        assert self.workdir_host is not None
        for entry in self.workdir_host.iterdir():
            if entry.name in self._seeds:
                continue
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry, ignore_errors=True)
            else:
                entry.unlink(missing_ok=True)

    def close(self) -> None:
        if self.workdir_host is None:
            return
        try:
            if self.spec.export_dir is not None:
                export_tree(self.workdir_host, self.spec.export_dir)
        finally:
            self._folder.remove()
            self.workdir_host = None


def _wire(status: int, cpu_s: float, maxrss_kib: int, timed_out: bool, wall_us: int) -> WireResult:
    """The run in the supervisor's terms, so that outcome.to_result serves both sandboxes."""
    signalled = os.WIFSIGNALED(status)
    return WireResult(
        kind=KIND_SIGNALED if signalled else KIND_EXITED,
        code=os.WTERMSIG(status) if signalled else os.WEXITSTATUS(status),
        hits=HIT_WALL if timed_out else 0,
        forbidden_nr=0,
        forbidden_arch=0,
        cpu_us=int(cpu_s * 1e6),
        wall_us=wall_us,
        maxrss_kib=maxrss_kib,
        cleanup_us=0,
        mem_peak_bytes=0,
        stage="",
    )


def _with_warning(result: RunResult) -> RunResult:
    return replace(result, warnings=(*result.warnings, WARNING))


def _wait_wall(proc: subprocess.Popen[bytes], seconds: float) -> bool:
    """Waits for the program without reaping it; kills its group at the wall limit."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None:
            return False
        time.sleep(0.002)
    _kill_group(proc.pid)
    return True


def _pids() -> list[int]:
    return [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit()]


def _group_of(pid: int) -> int | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        return int(stat[stat.rindex(")") + 2 :].split()[2])
    except (OSError, ValueError, IndexError):
        return None


def _kill_group(pgid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)


class _Streams:
    """The run's stdin/stdout/stderr files, opened by us (as in the real sandbox)."""

    def __init__(self, request: RunRequest) -> None:
        self.request = request
        self.files: list[int] = []

    def __enter__(self) -> _Streams:
        r = self.request
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC
        stdin, stdout = r.stdin_fd, r.stdout_fd  # pipe ends: ours to close
        self.files = [
            os.open(r.stdin or os.devnull, os.O_RDONLY) if stdin is None else stdin,
            os.open(r.stdout or os.devnull, flags, 0o600) if stdout is None else stdout,
            os.open(r.stderr or os.devnull, flags, 0o600),
        ]
        return self

    def size(self, index: int) -> int:
        path = (self.request.stdout, self.request.stderr)[index - 1]
        if path is None or (index == 1 and self.request.stdout_fd is not None):
            return 0
        with contextlib.suppress(OSError):
            return Path(path).stat().st_size
        return 0

    def close(self) -> None:
        """Once the program has its copies: a pipe's other end then sees end-of-file when
        the program closes it, not when the run is over."""
        for fd in self.files:
            with contextlib.suppress(OSError):
                os.close(fd)
        self.files = []

    def __exit__(self, *exc: object) -> None:
        self.close()
