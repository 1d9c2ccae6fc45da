"""The sandbox interface: what the judging steps may ask of an isolated box.

A *session* is set up once per submission phase (compile, or run all tests) and runs many
programs inside the same isolation; nothing of one run (process, stray file) survives into the
next. Steps only see this interface, so they are unit-tested with a fake sandbox.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Protocol, Self, runtime_checkable


class SandboxError(Exception):
    """Our infrastructure failed (never the submission's fault): the judgement must be retried."""


@dataclass(frozen=True)
class Limits:
    cpu_ms: int
    wall_ms: int
    memory_kib: int
    output_bytes: int  # cap on each of stdout and stderr, and on any single written file
    processes: int = 64
    open_files: int = 64
    # Java and node reserve huge address space; they are limited by heap flags and the memory
    # cgroup instead of RLIMIT_AS.
    address_space_limit: bool = True
    # RLIMIT_STACK, at most the memory limit; None = unlimited, as on DOMjudge's judgehosts
    # and at the ICPC World Finals: the stack may use all the memory the problem grants (the
    # memory limit bounds it), and threads get glibc's default 2 MiB stack (with a finite
    # RLIMIT_STACK glibc gives every thread a stack of that size instead).
    stack_kib: int | None = None


@dataclass(frozen=True)
class Mount:
    host: Path
    inside: str  # absolute path inside the box
    writable: bool = False


@dataclass(frozen=True)
class SessionSpec:
    """How one session's box looks. The box has a writable, size-capped work directory
    (`workdir`, also the current directory of every run) and read-only views of the system.
    """

    mounts: Sequence[Mount] = ()
    workdir: str = "/box"
    workdir_size_bytes: int = 64 * 1024 * 1024
    # An optional host directory whose contents are copied into the workdir at start (e.g. the
    # source, or the compiled program); they are kept between runs, everything else is wiped.
    seed_dir: Path | None = None
    # Whether the seccomp policy applies (compilers run without it, submissions with it).
    seccomp: bool = True
    # Whether a workdir written by the session is copied back out when the session closes (the
    # compile session keeps its output).
    export_dir: Path | None = None
    # Size cap of /tmp and of /dev/shm inside the box (each); None = workdir_size_bytes.
    tmp_size_bytes: int | None = None
    # Whether files written by one run stay for the next (a multi-step compile, whose output is
    # exported at close). None = only when export_dir is set. Processes never survive a run.
    keep_files: bool | None = None
    # Whether runs may create, change or delete files in the workdir (a submission may not,
    # unless its problem allows file writing; /tmp and /dev/shm stay writable).
    workdir_writable: bool = True


def keeps_files(spec: SessionSpec) -> bool:
    return spec.keep_files if spec.keep_files is not None else spec.export_dir is not None


@dataclass(frozen=True)
class RunRequest:
    argv: Sequence[str]
    limits: Limits
    stdin: Path | None = None  # host path; opened by the host, never mounted
    stdout: Path | None = None  # host path written with the program's stdout (capped)
    stderr: Path | None = None
    env: Mapping[str, str] = field(default_factory=dict)  # added to the minimal environment
    # Pipe ends instead of the stdin / stdout files (interactive problems connect two runs,
    # judging/graders/interactive.py). The session takes them over: it closes them as soon as
    # the program has them, so that the other side sees end-of-file when the program closes its
    # end, not when the run is over.
    stdin_fd: int | None = None
    stdout_fd: int | None = None


@dataclass(frozen=True)
class RunResult:
    exit_code: int | None  # None when killed by a signal
    signal: int | None
    cpu_ms: int
    wall_ms: int
    memory_kib: int  # peak, whole process tree where the machine allows it
    cpu_limit_hit: bool = False
    wall_limit_hit: bool = False
    memory_limit_hit: bool = False
    output_limit_hit: bool = False
    forbidden_call: str | None = None  # set when seccomp stopped the program (Invalid Function)
    # Degraded-isolation notices (e.g. the unsafe sandbox) the engine copies into every report.
    warnings: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return self.exit_code == 0 and self.signal is None


class Session(Protocol):
    workdir_host: Path | None  # where the workdir can be read from the host, if at all
    warnings: tuple[str, ...]  # same notices as RunResult.warnings, known before any run

    def run(self, request: RunRequest) -> RunResult: ...

    def close(self) -> None: ...

    def __enter__(self) -> Session: ...

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...


@runtime_checkable
class ProgramControl(Protocol):
    """A session whose running program the host can see and stop from another thread while
    run() waits for it (interactive runs: deadlock detection, ending a decided run early)."""

    def program_pids(self) -> list[int]:
        """Host pids of the run's processes (not the box's own supervisor); [] if unknown."""
        ...

    def kill_programs(self) -> None:
        """SIGKILL the run's processes; run() then returns their result."""
        ...


class Sandbox(Protocol):
    """Factory of sessions; one per worker process."""

    name: str

    def session(self, spec: SessionSpec) -> Session: ...


class ClosingSession(ABC):
    """The context-manager plumbing every session implementation shares: leaving the `with`
    block closes the session, whatever happened inside it."""

    @abstractmethod
    def close(self) -> None: ...

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
