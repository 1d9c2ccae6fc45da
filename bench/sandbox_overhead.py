"""Per-run cost of the sandbox against a bare subprocess.run.

    python bench/sandbox_overhead.py [-n 200] [--only c|python]

For a trivial C program (read a number, print it) and `print(input())` in Debian's python3:
N runs bare (subprocess.run with the same stdin/stdout files) and N runs in ONE sandbox
session (seccomp on, the limits of a real test), interleaved so that load changes hit both
alike. Prints the median and 90th percentile per run and the ratio of the medians. The goal is
a ratio <= 1.3 for C. Session start-up is reported separately (once per submission).
The first line names the cgroup backend (v1, v2 or none): scripts/test-cgroup2.sh runs this
bench on the host (v1) and in a cgroup-v2-only VM, each against bare exec on the same machine.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judging.sandbox import make_sandbox
from judging.sandbox.base import Limits, RunRequest, Session, SessionSpec

C_SOURCE = '#include <stdio.h>\nint main(){int x; scanf("%d",&x); printf("%d\\n",x); return 0;}\n'
PY_SOURCE = "print(input())\n"
LIMITS = Limits(cpu_ms=1000, wall_ms=3000, memory_kib=256 * 1024, output_bytes=8 << 20)


def prepare(work: Path) -> Path:
    seed = work / "seed"
    seed.mkdir()
    (work / "main.c").write_text(C_SOURCE)
    subprocess.run(["gcc", "-O2", "-o", str(seed / "main"), str(work / "main.c")], check=True)
    (seed / "main.py").write_text(PY_SOURCE)
    (work / "in").write_text("42\n")
    return seed


def bare(argv: list[str], cwd: Path, work: Path) -> Callable[[], None]:
    def once() -> None:
        with (
            open(work / "in", "rb") as stdin,
            open(work / "bare.out", "wb") as stdout,
            open(work / "bare.err", "wb") as stderr,
        ):
            subprocess.run(argv, cwd=cwd, stdin=stdin, stdout=stdout, stderr=stderr)

    return once


def boxed(session: Session, argv: list[str], work: Path, limits: Limits) -> Callable[[], None]:
    request = RunRequest(
        argv=argv, limits=limits, stdin=work / "in", stdout=work / "box.out",
        stderr=work / "box.err",
    )  # fmt: skip

    def once() -> None:
        result = session.run(request)
        assert result.ok, result

    return once


Probe = Callable[[], float]  # CPU seconds used so far by everything a variant runs


def bare_cpu() -> float:
    own, children = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def box_cpu(session: Session) -> Probe | None:
    """Our own CPU plus the session cgroup's (the supervisor and the programs): cpuacct.usage
    on v1, cpu.stat's usage_usec on v2."""
    cgroups = getattr(session, "_cgroups", None)
    if cgroups is None:
        return None

    def probe() -> float:
        own = resource.getrusage(resource.RUSAGE_SELF)
        return own.ru_utime + own.ru_stime + cgroups.cpu_seconds()

    return probe


@dataclass
class Variant:
    run: Callable[[], None]
    cpu: Probe | None
    wall_ms: list[float] = field(default_factory=list)
    cpu_ms: list[float] = field(default_factory=list)

    def once(self) -> None:
        cpu = self.cpu() if self.cpu else 0.0
        start = time.perf_counter()
        self.run()
        self.wall_ms.append((time.perf_counter() - start) * 1000)
        if self.cpu:
            # The probe's own cost (reading cgroup files) is charged to the sandbox: fair.
            self.cpu_ms.append((self.cpu() - cpu) * 1000)


def measure(runs: int, variants: tuple[Variant, Variant]) -> None:
    for _ in range(10):  # warm caches
        for variant in variants:
            variant.run()
    for _ in range(runs):  # interleaved: load changes hit both alike
        for variant in variants:
            variant.once()


def summary(label: str, variant: Variant) -> str:
    times = variant.wall_ms
    p90 = statistics.quantiles(times, n=10)[-1]
    line = f"  {label:8} wall median {statistics.median(times):6.3f} ms  p90 {p90:6.3f} ms"
    if variant.cpu_ms:
        line += f"   CPU median {statistics.median(variant.cpu_ms):6.3f} ms"
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("-n", "--runs", type=int, default=200)
    parser.add_argument("--only", choices=("c", "python"), help="one program instead of both")
    parser.add_argument(
        "--time-scale", type=int, default=1, help="time limits times this (slow VMs: TCG)"
    )
    args = parser.parse_args()
    runs = args.runs
    limits = replace(
        LIMITS, cpu_ms=LIMITS.cpu_ms * args.time_scale, wall_ms=LIMITS.wall_ms * args.time_scale
    )
    sandbox = make_sandbox()
    with tempfile.TemporaryDirectory(prefix="juiz-bench-") as tmp:
        work = Path(tmp)
        seed = prepare(work)
        start = time.perf_counter()
        with sandbox.session(SessionSpec(seed_dir=seed)) as session:
            startup = (time.perf_counter() - start) * 1000
            backend = getattr(sandbox, "cgroup_backend", "none")
            print(
                f"sandbox: {sandbox.name}, cgroup {backend}; session start {startup:.1f} ms; "
                f"{runs} runs each"
            )
            programs = {
                "C (./main)": ([str(seed / "main")], ["./main"]),
                "Python (print(input()))": (
                    ["/usr/bin/python3", str(seed / "main.py")],
                    ["/usr/bin/python3", "main.py"],
                ),
            }
            if args.only:
                programs = {k: v for k, v in programs.items() if k.lower().startswith(args.only)}
            for label, (bare_argv, box_argv) in programs.items():
                plain = Variant(bare(bare_argv, seed, work), bare_cpu)
                inside = Variant(boxed(session, box_argv, work, limits), box_cpu(session))
                measure(runs, (plain, inside))
                ratio = statistics.median(inside.wall_ms) / statistics.median(plain.wall_ms)
                print(f"{label}\n{summary('bare', plain)}\n{summary('sandbox', inside)}")
                print(f"  ratio of wall medians: {ratio:.2f}x", end="")
                if inside.cpu_ms:
                    cpu = statistics.median(inside.cpu_ms) / statistics.median(plain.cpu_ms)
                    print(f"   ratio of CPU medians: {cpu:.2f}x", end="")
                print()


if __name__ == "__main__":
    main()
