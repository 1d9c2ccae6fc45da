"""A fake sandbox for unit tests of the judging steps: it runs nothing and replays canned runs.

    from judging.sandbox.fake import CannedRun, FakeSandbox
    from judging.sandbox.base import RunResult

    ok = RunResult(exit_code=0, signal=None, cpu_ms=5, wall_ms=6, memory_kib=1000)
    sandbox = FakeSandbox([
        CannedRun(ok, files={"main": b"\\x7fELF..."}),  # the compile run: leaves ./main
        CannedRun(ok, stdout=b"42\\n"),                   # test 1
        CannedRun(RunResult(exit_code=None, signal=9, cpu_ms=2000, wall_ms=2001,
                            memory_kib=900, cpu_limit_hit=True)),  # test 2: TLE
    ])
    report = judge(..., sandbox=sandbox)
    assert [r.argv for r in sandbox.requests] == [...]

Each `session.run(request)` takes the next canned run (a CannedRun, a bare RunResult, or an
exception instance, which is raised -- e.g. SandboxError to test the infrastructure-failure
path), writes its stdout/stderr to the request's files, and returns its result. `runs` may also
be a function of the request. A session with `export_dir` copies its seed directory there at
close, then the `files` of the runs made in it (what a compiler would have left behind).
Running out of canned runs is an AssertionError: the test expected fewer runs.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from judging.sandbox.base import ClosingSession, RunRequest, RunResult, SandboxError, SessionSpec

__all__ = ["CannedRun", "FakeSandbox", "FakeSession"]


@dataclass(frozen=True)
class CannedRun:
    result: RunResult
    stdout: bytes = b""
    stderr: bytes = b""
    files: Mapping[str, bytes] = field(default_factory=dict)  # workdir-relative path -> bytes


Canned = CannedRun | RunResult | BaseException
Source = Iterable[Canned] | Callable[[RunRequest], Canned]


class FakeSandbox:
    name = "fake"

    def __init__(self, runs: Source = (), warnings: tuple[str, ...] = ()) -> None:
        self._next: Callable[[RunRequest], Canned]
        if callable(runs):
            self._next = runs
        else:
            iterator: Iterator[Canned] = iter(runs)
            self._next = lambda request: _take(iterator, request)
        self.warnings = warnings  # given to every session and every result, like the unsafe one
        self.sessions: list[FakeSession] = []

    @property
    def requests(self) -> list[RunRequest]:
        """Every request of every session, in order."""
        return [r for s in self.sessions for r in s.requests]

    def session(self, spec: SessionSpec) -> FakeSession:
        session = FakeSession(self, spec)
        self.sessions.append(session)
        return session

    def canned_for(self, request: RunRequest) -> Canned:
        return self._next(request)


def _take(iterator: Iterator[Canned], request: RunRequest) -> Canned:
    try:
        return next(iterator)
    except StopIteration:
        raise AssertionError(f"FakeSandbox: no canned run left for {list(request.argv)}") from None


class FakeSession(ClosingSession):
    workdir_host: Path | None = None

    def __init__(self, sandbox: FakeSandbox, spec: SessionSpec) -> None:
        self.sandbox = sandbox
        self.spec = spec
        self.warnings = sandbox.warnings
        self.requests: list[RunRequest] = []
        self.closed = False
        self._files: dict[str, bytes] = {}

    def run(self, request: RunRequest) -> RunResult:
        if self.closed:
            raise SandboxError("run on a closed sandbox session")
        self.requests.append(request)
        canned = self.sandbox.canned_for(request)
        if isinstance(canned, BaseException):
            raise canned
        if isinstance(canned, RunResult):
            canned = CannedRun(canned)
        _to_pipes(request, canned.stdout)
        for path, data in ((request.stdout, canned.stdout), (request.stderr, canned.stderr)):
            if path is not None and not (path is request.stdout and request.stdout_fd is not None):
                Path(path).write_bytes(data)
        self._files.update(canned.files)
        return replace(canned.result, warnings=(*canned.result.warnings, *self.warnings))

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        target = self.spec.export_dir
        if target is None:
            return
        if self.spec.seed_dir is not None:
            shutil.copytree(self.spec.seed_dir, target, dirs_exist_ok=True)
        for relative, data in self._files.items():
            (target / relative).parent.mkdir(parents=True, exist_ok=True)
            (target / relative).write_bytes(data)


def _to_pipes(request: RunRequest, stdout: bytes) -> None:
    """A request's pipe ends (interactive runs): the canned output goes into the stdout pipe
    (small outputs: the pipe must hold it), then both ends are closed, as a real run would."""
    if request.stdin_fd is not None:
        os.close(request.stdin_fd)
    if request.stdout_fd is not None:
        with contextlib.suppress(OSError):
            os.write(request.stdout_fd, stdout)
        os.close(request.stdout_fd)
