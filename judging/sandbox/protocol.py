"""The host side of the wire format spoken with supervisor.c (packed little-endian structs).

One SOCK_SEQPACKET message per struct; file descriptors travel with SCM_RIGHTS.
"""

from __future__ import annotations

import array
import socket
import struct
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

MSG_CONFIG = 1
MSG_RUN = 2
MSG_READY = 3
MSG_RESULT = 4

CONFIG_CPUACCT = 1
CONFIG_KEEP_FILES = 2
CONFIG_MEMORY = 4
CONFIG_CGROUP2 = 8  # the counters are cgroup v2 files (cpu.stat, memory.peak/current/events)
CONFIG_PEAK_RESETS = 16  # v2: writing memory.peak resets it (Linux 6.12+)
CONFIG_NO_PEAK = 32  # v2 without memory.peak (Linux < 5.19): memory.current is sampled
RUN_AS_LIMIT = 1

KIND_EXITED = 0
KIND_SIGNALED = 1
KIND_SETUP_FAILED = 2

HIT_WALL = 1
HIT_CPU = 2
HIT_FORBIDDEN = 4
HIT_OOM = 8

_CONFIG = struct.Struct("<IIII")
_RUN = struct.Struct("<IIQQQQQIIII")
_RESULT = struct.Struct("<IIiIiIQQQQQ32s")
_READY = struct.Struct("<II")
MAX_MESSAGE = (1 << 20) - 1  # the supervisor's receive buffer


@dataclass(frozen=True)
class RunLimits:
    """Everything the supervisor applies to one run, already in its units."""

    cpu_ms: int
    wall_ms: int
    as_bytes: int | None  # None: no RLIMIT_AS
    stack_bytes: int
    fsize_bytes: int
    nproc: int
    nofile: int


@dataclass(frozen=True)
class WireResult:
    kind: int
    code: int
    hits: int
    forbidden_nr: int
    forbidden_arch: int
    cpu_us: int
    wall_us: int
    maxrss_kib: int
    cleanup_us: int
    mem_peak_bytes: int  # memory cgroup peak above the usage at the start (0 without it)
    stage: str


@dataclass(frozen=True)
class Counters:
    """The session cgroup's counters the supervisor reads itself, as descriptors.

    v1: cpuacct.usage; memory.max_usage_in_bytes (read-write), usage_in_bytes, an OOM eventfd.
    v2 (`flags` has CONFIG_CGROUP2): cpu.stat; memory.peak, memory.current, memory.events.
    """

    flags: int
    cpu_fd: int | None
    memory_fds: Sequence[int] | None


def send_config(
    sock: socket.socket, bpf: bytes, keep_files: bool, counters: Counters | None
) -> None:
    flags = CONFIG_KEEP_FILES if keep_files else 0
    fds: list[int] = []
    if counters is not None:
        flags |= counters.flags
        if counters.cpu_fd is not None:
            flags |= CONFIG_CPUACCT
            fds.append(counters.cpu_fd)
        if counters.memory_fds is not None:
            flags |= CONFIG_MEMORY
            fds.extend(counters.memory_fds)
    header = _CONFIG.pack(MSG_CONFIG, flags, len(bpf), 0)
    _sendmsg(sock, header + bpf, fds)


def recv_ready(sock: socket.socket) -> None:
    data = sock.recv(_READY.size)
    if len(data) != _READY.size or _READY.unpack(data)[0] != MSG_READY:
        raise ConnectionError("the sandbox supervisor did not start")


def send_run(
    sock: socket.socket,
    limits: RunLimits,
    argv: Sequence[str],
    env: Mapping[str, str],
    fds: Sequence[int],
) -> None:
    flags = RUN_AS_LIMIT if limits.as_bytes is not None else 0
    header = _RUN.pack(
        MSG_RUN,
        flags,
        limits.cpu_ms,
        limits.wall_ms,
        limits.as_bytes or 0,
        limits.stack_bytes,
        limits.fsize_bytes,
        limits.nproc,
        limits.nofile,
        len(argv),
        len(env),
    )
    strings = [*argv, *(f"{k}={v}" for k, v in env.items())]
    payload = b"".join(_cstring(s) for s in strings)
    if len(header) + len(payload) > MAX_MESSAGE:
        raise ValueError("command line and environment too large for the sandbox")
    _sendmsg(sock, header + payload, fds)


def recv_result(sock: socket.socket) -> WireResult:
    data = sock.recv(_RESULT.size)
    if len(data) != _RESULT.size:
        raise ConnectionError("the sandbox supervisor stopped answering")
    fields = _RESULT.unpack(data)
    if fields[0] != MSG_RESULT:
        raise ConnectionError(f"unexpected supervisor message {fields[0]}")
    _, kind, code, hits, nr, arch, cpu_us, wall_us, maxrss, cleanup_us, peak, raw = fields
    stage = raw.split(b"\0", 1)[0].decode(errors="replace")
    return WireResult(kind, code, hits, nr, arch, cpu_us, wall_us, maxrss, cleanup_us, peak, stage)


def _cstring(text: str) -> bytes:
    data = text.encode()
    if b"\0" in data:
        raise ValueError(f"NUL byte in command line or environment: {text!r}")
    return data + b"\0"


def _sendmsg(sock: socket.socket, data: bytes, fds: Sequence[int]) -> None:
    ancillary = [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", fds))] if fds else []
    sock.sendmsg([data], ancillary)
