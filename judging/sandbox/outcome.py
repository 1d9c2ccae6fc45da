"""Turning a request's Limits into what the supervisor applies, and its answer into a RunResult."""

from __future__ import annotations

import functools
import os
import resource
import signal
from collections.abc import Mapping

from judging.sandbox.base import Limits, RunRequest, RunResult, SandboxError
from judging.sandbox.protocol import (
    HIT_CPU,
    HIT_FORBIDDEN,
    HIT_OOM,
    HIT_WALL,
    KIND_SETUP_FAILED,
    KIND_SIGNALED,
    RunLimits,
    WireResult,
)
from judging.sandbox.seccomp_policy import syscall_name

__all__ = ["RunLimits", "WireResult", "box_environment", "run_limits", "to_result"]

MIB = 1024 * 1024
BOX_PATH = "/usr/local/bin:/usr/bin:/bin"
# With a memory cgroup the cgroup is the memory limit; RLIMIT_AS is then only a backstop
# against absurd reservations, so that filling memory ends in an OOM kill (Memory Limit
# Exceeded) rather than in a failed malloc and a crash that looks like a Runtime Error. The
# slack covers runtimes that reserve address space up front (GHC's RTS wants 576 MiB).
AS_FACTOR_WITH_CGROUP = 2
AS_SLACK = 1024 * MIB


# RLIM_INFINITY of the C library, as the supervisor receives it.
RLIM_INFINITY = 2**64 - 1


def stack_bytes(limits: Limits) -> int:
    """RLIMIT_STACK: the limit's own, else unlimited, i.e. as far as the worker's own hard limit
    allows (a program cannot raise a hard limit, and neither can the box's user)."""
    if limits.stack_kib is not None:
        return min(limits.stack_kib, limits.memory_kib) * 1024
    hard = resource.getrlimit(resource.RLIMIT_STACK)[1]
    return RLIM_INFINITY if hard == resource.RLIM_INFINITY else hard


@functools.lru_cache(maxsize=64)  # the same Limits for every test of a submission
def run_limits(limits: Limits, has_cgroup: bool) -> RunLimits:
    if limits.cpu_ms <= 0 or limits.wall_ms <= 0 or limits.memory_kib <= 0:
        raise SandboxError(f"nonsensical limits {limits}")
    memory = limits.memory_kib * 1024
    address_space = memory * AS_FACTOR_WITH_CGROUP + AS_SLACK if has_cgroup else memory
    return RunLimits(
        cpu_ms=limits.cpu_ms,
        wall_ms=limits.wall_ms,
        as_bytes=address_space if limits.address_space_limit else None,
        stack_bytes=stack_bytes(limits),
        fsize_bytes=limits.output_bytes,
        nproc=limits.processes + 1,  # the supervisor shares the box user's process count
        nofile=limits.open_files,
    )


def box_environment(workdir: str, extra: Mapping[str, str]) -> dict[str, str]:
    """The whole environment of a program: nothing of the host's."""
    return {"PATH": BOX_PATH, "HOME": workdir, "LANG": "C.UTF-8", **extra}


def _memory_hit(limits: Limits, wire: WireResult, has_cgroup: bool) -> bool:
    if has_cgroup:
        return bool(wire.hits & HIT_OOM) or wire.mem_peak_bytes > limits.memory_kib * 1024
    # Without a cgroup only RLIMIT_AS limits memory: a failed allocation usually ends the
    # program abnormally close to the limit. A heuristic, documented in docs/sandbox.md.
    abnormal = wire.kind == KIND_SIGNALED or wire.code != 0
    return wire.maxrss_kib >= limits.memory_kib or (
        abnormal and wire.maxrss_kib * 10 >= limits.memory_kib * 9
    )


def _forbidden(wire: WireResult, seccomp: bool, sig: int | None) -> str | None:
    if wire.hits & HIT_FORBIDDEN:
        return syscall_name(wire.forbidden_arch, wire.forbidden_nr)
    if seccomp and sig == signal.SIGSYS:
        return "system call of a foreign ABI"  # the filter kills non-native calls outright
    return None


def to_result(
    request: RunRequest,
    wire: WireResult,
    has_cgroup: bool,
    output_sizes: tuple[int, int],
    seccomp: bool,
) -> RunResult:
    if wire.kind == KIND_SETUP_FAILED:
        reason = os.strerror(wire.code) if wire.code > 0 else "unknown error"
        raise SandboxError(f"cannot start {request.argv[0]!r} in the box: {wire.stage}: {reason}")
    limits = request.limits
    sig = wire.code if wire.kind == KIND_SIGNALED else None
    cpu_ms, wall_ms = wire.cpu_us // 1000, wire.wall_us // 1000
    # The cgroup's peak covers the whole process tree (and page cache the run wrote);
    # ru_maxrss only the largest process. Either may be the larger.
    peak_kib = wire.mem_peak_bytes // 1024
    return RunResult(
        exit_code=None if sig is not None else wire.code,
        signal=sig,
        cpu_ms=cpu_ms,
        wall_ms=wall_ms,
        memory_kib=max(peak_kib, wire.maxrss_kib),
        cpu_limit_hit=bool(wire.hits & HIT_CPU) or sig == signal.SIGXCPU or cpu_ms > limits.cpu_ms,
        wall_limit_hit=bool(wire.hits & HIT_WALL) or wall_ms > limits.wall_ms,
        memory_limit_hit=_memory_hit(limits, wire, has_cgroup),
        output_limit_hit=sig == signal.SIGXFSZ or max(output_sizes) >= limits.output_bytes,
        forbidden_call=_forbidden(wire, seccomp, sig),
    )
