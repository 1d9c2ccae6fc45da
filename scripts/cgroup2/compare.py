"""The same programs through the sandbox on cgroup v1 (host) and v2 (VM), for a side-by-side
comparison (scripts/test-cgroup2.sh).

    python scripts/cgroup2/compare.py build DIR      # compile the programs into DIR (host)
    python scripts/cgroup2/compare.py run DIR OUT    # run them, one JSON object a line into OUT
    python scripts/cgroup2/compare.py diff V1 V2     # the table; exit 1 if a verdict differs

The binaries are compiled once, on the host, so both sides run the very same files.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from judging.sandbox import make_sandbox
from judging.sandbox.base import Limits, RunRequest, RunResult, Sandbox, SessionSpec

LIMITS = Limits(cpu_ms=1000, wall_ms=4000, memory_kib=64 * 1024, output_bytes=1 << 20, processes=8)
# Programs judged on their memory or output get CPU to spare: under QEMU's TCG everything runs
# many times slower, and the verdict must come from the limit under test.
ROOMY = replace(LIMITS, cpu_ms=20_000, wall_ms=60_000)


@dataclass(frozen=True)
class Program:
    name: str
    source: str
    limits: Limits


PROGRAMS = [
    Program(
        "memory-limit",
        "#include <stdlib.h>\n#include <string.h>\n"
        "int main(){for(;;){char*p=malloc(1<<20);if(!p)return 7;memset(p,1,1<<20);}}",
        ROOMY,
    ),
    Program(
        "memory-48MiB",  # under the limit: the measured peak, not a verdict
        "#include <stdlib.h>\n"
        "int main(){volatile char*p=malloc(48<<20);for(long i=0;i<(48<<20);i+=4096)p[i]=1;}",
        ROOMY,
    ),
    Program(
        "fork-bomb",
        "#include <unistd.h>\nint main(){for(;;)fork();}",
        LIMITS,
    ),
    Program(
        "cpu-time",
        "int main(){volatile long x=0;for(;;)x++;}",
        replace(LIMITS, wall_ms=30_000),
    ),
    Program(
        "cpu-time-4-procs",
        "#include <unistd.h>\nint main(){fork();fork();volatile long x=0;for(;;)x++;}",
        replace(LIMITS, wall_ms=30_000),
    ),
    Program(
        "wall-time",
        "#include <unistd.h>\nint main(){for(;;)sleep(100);}",
        replace(LIMITS, wall_ms=1000),
    ),
    Program(
        "output-limit",
        "#include <stdio.h>\n"
        'int main(){for(long i=0;i<(1L<<18);i++)fputs("0123456789abcdef",stdout);}',
        ROOMY,
    ),
]


def build(directory: Path) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    for program in PROGRAMS:
        source = directory / f"{program.name}.c"
        source.write_text(program.source)
        binary = directory / program.name
        subprocess.run(["gcc", "-O1", "-o", str(binary), str(source)], check=True)


def verdict(result: RunResult) -> dict[str, object]:
    return {
        "exit": result.exit_code,
        "signal": result.signal,
        "cpu_limit": result.cpu_limit_hit,
        "wall_limit": result.wall_limit_hit,
        "memory_limit": result.memory_limit_hit,
        "output_limit": result.output_limit_hit,
    }


def run_one(sandbox: Sandbox, directory: Path, program: Program, tmp: Path) -> dict[str, object]:
    seed = tmp / program.name
    seed.mkdir()
    (seed / "main").write_bytes((directory / program.name).read_bytes())
    (seed / "main").chmod(0o755)
    (tmp / "in").write_text("")
    request = RunRequest(
        argv=["./main"],
        limits=program.limits,
        stdin=tmp / "in",
        stdout=tmp / f"{program.name}.out",
        stderr=tmp / f"{program.name}.err",
    )
    with sandbox.session(SessionSpec(seed_dir=seed)) as session:
        result = session.run(request)
        warnings = list(session.warnings) + list(result.warnings)
    return {
        "program": program.name,
        "backend": getattr(sandbox, "cgroup_backend", "none"),
        "verdict": verdict(result),
        "memory_mib": round(result.memory_kib / 1024, 1),
        "cpu_ms": result.cpu_ms,
        "wall_ms": result.wall_ms,
        "warnings": warnings,
    }


def run(directory: Path, out: Path) -> None:
    sandbox = make_sandbox()
    with tempfile.TemporaryDirectory(prefix="juiz-compare-") as tmp, out.open("w") as f:
        for program in PROGRAMS:
            start = time.monotonic()
            row = run_one(sandbox, directory, program, Path(tmp))
            print(json.dumps(row), file=f, flush=True)
            took = time.monotonic() - start
            print(f"  {program.name}: {_cell(row)} (session and run: {took:.1f} s)", flush=True)


def _load(path: Path) -> dict[str, dict[str, object]]:
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return {str(row["program"]): row for row in rows}


def _cell(row: dict[str, object] | None) -> str:
    if row is None:
        return "(missing)"
    v = row["verdict"]
    assert isinstance(v, dict)
    hits = [k for k in ("cpu_limit", "wall_limit", "memory_limit", "output_limit") if v[k]]
    ending = f"signal {v['signal']}" if v["signal"] is not None else f"exit {v['exit']}"
    return (
        f"[{row['backend']}] {ending}, hits {'+'.join(hits) or '-'}, "
        f"{row['memory_mib']} MiB, cpu {row['cpu_ms']} ms"
    )


def judged(row: dict[str, object]) -> tuple[object, ...]:
    """What decides the classification: which limits were hit (CPU and wall alike: both are
    Time Limit Exceeded, and which comes first depends on the machine's load) and how the
    program ended."""
    v = row["verdict"]
    assert isinstance(v, dict)
    timed_out = bool(v["cpu_limit"] or v["wall_limit"])
    return (timed_out, v["memory_limit"], v["output_limit"], v["signal"], v["exit"])


def diff(v1_path: Path, v2_path: Path) -> int:
    v1, v2 = _load(v1_path), _load(v2_path)
    failures = 0
    print(f"{'program':18} {'host, cgroup v1':58} VM, cgroup v2")
    for program in PROGRAMS:
        a, b = v1.get(program.name), v2.get(program.name)
        same = a is not None and b is not None and judged(a) == judged(b)
        if same and a is not None and b is not None and program.name == "memory-48MiB":
            # The peak must be measured on both (not merely ru_maxrss-sized): within 25 %.
            low, high = sorted((float(str(a["memory_mib"])), float(str(b["memory_mib"]))))
            same = low >= 48 and high <= low * 1.25
        failures += not same
        print(f"{program.name:18} {_cell(a):58} {_cell(b)}  {'same' if same else 'DIFFERENT'}")
    return 1 if failures else 0


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "build":
        build(Path(argv[1]))
        return 0
    if len(argv) == 3 and argv[0] == "run":
        run(Path(argv[1]), Path(argv[2]))
        return 0
    if len(argv) == 3 and argv[0] == "diff":
        return diff(Path(argv[1]), Path(argv[2]))
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
