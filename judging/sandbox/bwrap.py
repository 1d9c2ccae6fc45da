"""The real sandbox: one bubblewrap box per session, one supervisor (PID 1) per box.

See docs/sandbox.md for the design and the guarantees; supervisor.c for the box side.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import select
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from judging.sandbox import cgroup_backends, outcome
from judging.sandbox.base import (
    ClosingSession,
    RunRequest,
    RunResult,
    SandboxError,
    SessionSpec,
    keeps_files,
)
from judging.sandbox.build import cache_dir, supervisor_binary
from judging.sandbox.command import Binds, BoxFiles, bwrap_command, launcher_command
from judging.sandbox.files import GROUP, PASSWD, export_tree
from judging.sandbox.procs import box_programs
from judging.sandbox.protocol import recv_ready, recv_result, send_config, send_run
from judging.sandbox.seccomp_policy import policy_bpf

START_TIMEOUT_S = 20.0
STOP_TIMEOUT_S = 5.0
RESULT_MARGIN_S = 30.0  # beyond the wall limit: killing, reaping and wiping
NO_CGROUP_WARNING = cgroup_backends.NO_CGROUP_WARNING


def _write_once(path: Path, text: str) -> Path:
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}")
        tmp.write_text(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    return path


class BwrapSandbox:
    """Factory of bubblewrap sessions (one per worker process)."""

    name = "bwrap"

    def __init__(self, bwrap: str = "/usr/bin/bwrap", use_cgroups: bool = True) -> None:
        self.bwrap = bwrap
        self.use_cgroups = use_cgroups
        # Once per worker: v1, v2 or none, by what the host mounts (JUIZ_CGROUP insists).
        self.cgroup_backend = cgroup_backends.detect() if use_cgroups else "none"
        self.as_root = os.geteuid() == 0
        self.supervisor = supervisor_binary()
        self.stage = self._stage_dir() if self.as_root else None

    @staticmethod
    def _stage_dir() -> Path:
        base = Path(os.environ.get("JUIZ_STAGE_DIR", "/run/juiz-stage"))
        if not base.parent.is_dir():
            base = Path(tempfile.gettempdir()) / "juiz-stage"
        base.mkdir(mode=0o755, exist_ok=True)
        return base

    def box_files(self, workdir: str) -> BoxFiles:
        passwd = PASSWD.format(home=workdir)
        tag = hashlib.sha256((passwd + GROUP).encode()).hexdigest()[:12]
        etc = cache_dir() / f"etc-{tag}"
        return BoxFiles(
            supervisor=self.supervisor,
            passwd=_write_once(etc / "passwd", passwd),
            group=_write_once(etc / "group", GROUP),
        )

    def session(self, spec: SessionSpec) -> BwrapSession:
        return BwrapSession(self, spec)


class BwrapSession(ClosingSession):
    """A running box. Not thread-safe: one run at a time."""

    def __init__(self, sandbox: BwrapSandbox, spec: SessionSpec) -> None:
        self.spec = spec
        self.workdir_host: Path | None = None
        self._closed = False
        self._cgroups = cgroup_backends.create(sandbox.cgroup_backend)
        self.warnings: tuple[str, ...] = () if self._cgroups else (NO_CGROUP_WARNING,)
        self._devnull = os.open(os.devnull, os.O_RDWR | os.O_CLOEXEC)
        self._sock, box_sock = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 -- lives as long as the box
        try:
            self._proc = self._start(sandbox, box_sock)
        except BaseException:
            self._teardown()
            raise
        finally:
            box_sock.close()

    def _start(self, sandbox: BwrapSandbox, box_sock: socket.socket) -> subprocess.Popen[bytes]:
        info_r, info_w = os.pipe()
        binds = Binds(stage=sandbox.stage)
        files = sandbox.box_files(self.spec.workdir)
        fd = box_sock.fileno()
        box = bwrap_command(sandbox.bwrap, self.spec, binds, files, fd, info_w)
        procs = self._cgroups.procs_files() if self._cgroups else []
        launch = launcher_command(sandbox.supervisor, binds, procs, sandbox.as_root)
        try:
            proc = subprocess.Popen(
                [*launch, *box],
                pass_fds=(fd, info_w),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=self._stderr,
                env={"PATH": "/usr/bin:/bin"},  # nothing of the worker's environment
            )
        finally:
            os.close(info_w)
        try:
            self._handshake(proc, info_r)
        except BaseException:
            _stop(proc)
            raise
        finally:
            os.close(info_r)
        return proc

    def _handshake(self, proc: subprocess.Popen[bytes], info_r: int) -> None:
        pid = _read_child_pid(info_r)
        if pid is None:
            raise SandboxError(f"bubblewrap failed to start the box: {self._stderr_text()}")
        self._sock.settimeout(START_TIMEOUT_S)
        try:
            bpf = policy_bpf() if self.spec.seccomp else b""
            counters = self._cgroups.counters() if self._cgroups else None
            send_config(self._sock, bpf, keeps_files(self.spec), counters)
            recv_ready(self._sock)
        except OSError as exc:
            raise SandboxError(f"sandbox supervisor failed: {exc}; {self._stderr_text()}") from exc
        if self._cgroups:
            self._cgroups.measure_session_base()
        self.workdir_host = Path(f"/proc/{pid}/root{self.spec.workdir}")

    def _stderr_text(self) -> str:
        self._stderr.seek(0)
        return self._stderr.read(4000).decode(errors="replace").strip()

    def run(self, request: RunRequest) -> RunResult:
        if self._closed:
            raise SandboxError("run on a closed sandbox session")
        limits = outcome.run_limits(request.limits, self._cgroups is not None)
        fds = self._open_streams(request)
        try:
            if self._cgroups:
                self._cgroups.set_limits(request.limits.memory_kib * 1024, limits.nproc + 2)
            env = outcome.box_environment(self.spec.workdir, request.env)
            wire = self._exchange(request, limits, env, fds)
        finally:
            _close_streams(fds, self._devnull)
        sizes = (_size(request.stdout, request.stdout_fd), _size(request.stderr, None))
        return outcome.to_result(request, wire, self._cgroups is not None, sizes, self.spec.seccomp)

    def program_pids(self) -> list[int]:
        """The run's processes, from the session's cgroup: every task of the box that the
        box's pid namespace does not number 1 (the supervisor). Needs cgroups (root)."""
        if self._cgroups is None:
            return []
        return box_programs(self._cgroups.procs_files()[0])

    def kill_programs(self) -> None:
        for pid in self.program_pids():
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)

    def _exchange(
        self, request: RunRequest, limits: outcome.RunLimits, env: dict[str, str], fds: list[int]
    ) -> outcome.WireResult:
        try:
            self._sock.settimeout(request.limits.wall_ms / 1000 + RESULT_MARGIN_S)
            send_run(self._sock, limits, list(request.argv), env, fds)
            # The box holds its own copies now: ours would keep a pipe open for the run's
            # whole length (the other end would never see end-of-file).
            _close_streams(fds, self._devnull)
            return recv_result(self._sock)
        except (OSError, ConnectionError) as exc:
            detail = self._stderr_text()
            self._teardown()
            raise SandboxError(f"sandbox session broke: {exc}; {detail}") from exc

    def _open_streams(self, request: RunRequest) -> list[int]:
        fds: list[int] = []
        try:
            stdin, stdout = request.stdin_fd, request.stdout_fd  # pipe ends: ours to close
            fds.append(_open_in(request.stdin, self._devnull) if stdin is None else stdin)
            fds.append(_open_out(request.stdout, self._devnull) if stdout is None else stdout)
            fds.append(_open_out(request.stderr, self._devnull))
        except OSError as exc:
            for fd in fds:
                if fd != self._devnull:
                    os.close(fd)
            raise SandboxError(f"cannot open the run's files: {exc}") from exc
        return fds

    def close(self) -> None:
        if self._closed:
            return
        try:
            if self.spec.export_dir is not None and self.workdir_host is not None:
                export_tree(self.workdir_host, self.spec.export_dir)
        finally:
            self._teardown()

    def _teardown(self) -> None:
        self._closed = True
        with contextlib.suppress(OSError):
            self._sock.shutdown(socket.SHUT_RDWR)
        self._sock.close()
        if getattr(self, "_proc", None) is not None:
            _stop(self._proc)
        with contextlib.suppress(OSError):
            os.close(self._devnull)
        self._stderr.close()
        if self._cgroups:
            self._cgroups.close()


def _close_streams(fds: list[int], devnull: int) -> None:
    """Close the run's descriptors once (the list is emptied: a second call does nothing)."""
    for fd in fds:
        if fd != devnull:
            with contextlib.suppress(OSError):
                os.close(fd)
    fds.clear()


def _size(path: Path | None, fd: int | None) -> int:
    if path is None or fd is not None:
        return 0  # a pipe: the reader counts what crossed it
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _open_in(path: Path | None, devnull: int) -> int:
    return devnull if path is None else os.open(path, os.O_RDONLY | os.O_CLOEXEC)


def _open_out(path: Path | None, devnull: int) -> int:
    if path is None:
        return devnull
    return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600)


def _read_child_pid(info_r: int) -> int | None:
    """bwrap's --info-fd JSON ({"child-pid": N}); None when bwrap exits first."""
    deadline = time.monotonic() + START_TIMEOUT_S
    data = b""
    while time.monotonic() < deadline:
        ready, _, _ = select.select([info_r], [], [], max(0.0, deadline - time.monotonic()))
        chunk = os.read(info_r, 4096) if ready else b""
        if not chunk:
            break
        data += chunk
        with contextlib.suppress(ValueError):
            return int(json.loads(data)["child-pid"])
    return None


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """Waits for bwrap to exit; the box's PID 1 leaving kills whatever is left inside."""
    try:
        proc.wait(timeout=STOP_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        proc.kill()  # --die-with-parent: the box's PID 1 gets SIGKILL, and with it the box
        proc.wait()
