"""Cost of the function-problem harness against a bare loop calling the same function.

    python bench/harness_overhead.py [--cases 1000] [--repeat 3] [--language L ...]

A plain problem (maxValue(int[]) -> int, 100 numbers per case, 1,000 hidden cases). Per
language, in the real sandbox and with the same limits: the whole harness run (start-up, JSON
payload, deserialising, calling, serialising, the LLJUDGE channel) against a bare program
(bench/harness_overhead/bare.*) that reads the same inputs as plain text and calls the same
function in a loop. Compilation is excluded from both. Each run is repeated and the fastest
kept (the machine is shared). Also printed: the host's side (parsing the channel and comparing
every value), which the bare loop has no counterpart of, and the wall time of the harness's one
build (the submission's compile in the sandbox, with the host's part of the harness already
compiled: run twice to leave out the first compile of a harness version).
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judging.functions import casefile
from judging.functions.adapters.registry import HARNESS_LANGUAGES, adapter_for
from judging.functions.casefile import FunctionProblem
from judging.functions.compare import host_comparison
from judging.functions.runner import Harness
from judging.functions.verdicts import run_report
from judging.kit import NODE_MODULES_IN_BOX, Kit
from judging.languages import registry
from judging.languages.base import LanguageConfig, substitute
from judging.sandbox import make_sandbox
from judging.sandbox.base import Mount, RunRequest, RunResult, Sandbox, SessionSpec
from judging.steps.compile import Sources, compile_sources

HERE = Path(__file__).resolve().parent / "harness_overhead"
KIT = Kit.of_checkout()
BOX = "/box"
SIZE = 100

# Bare programs: (file, compile command or None, run command), templates as in adapters.
BARE: dict[str, tuple[str, str | None, str]] = {
    "python3": ("bare.py", None, "{python} bare.py"),
    "java": (
        "Bare.java",
        "javac -encoding UTF-8 -d . Bare.java",
        "java -Xmx{memory_mb}m -XX:+UseSerialGC -cp . Bare",
    ),
    "javascript": ("bare.js", None, "{node} --max-old-space-size={memory_mb} bare.js"),
    "typescript": (
        "bare.ts",
        "{node} {node_modules}/typescript/lib/tsc.js --target es2020 --module commonjs bare.ts",
        "{node} --max-old-space-size={memory_mb} bare.js",
    ),
    "cpp": ("bare.cpp", "g++ -std=gnu++17 -O2 -static -o bare bare.cpp", "./bare"),
}
SOLUTION_FILES = {
    "python3": "py",
    "java": "java",
    "javascript": "js",
    "typescript": "ts",
    "cpp": "cpp",
}


def problem(cases: int) -> FunctionProblem:
    rng = random.Random("juiz:bench")
    rows = [[rng.randint(-(10**9), 10**9) for _ in range(SIZE)] for _ in range(cases)]
    return casefile.parse(
        {
            "id": "bench-max",
            "title": "Maximum",
            "kind": "function",
            "entry": "maxValue",
            "argTypes": ["int[]"],
            "returnType": "int",
            "timeLimit": 20,
            "cases": [
                {"name": f"c{k}", "hidden": True, "args": [row], "expected": max(row)}
                for k, row in enumerate(rows)
            ],
        }
    )


def bare_input(p: FunctionProblem) -> bytes:
    lines = [str(len(p.cases))]
    for case in p.cases:
        nums = case.args[0] if case.args else []
        lines.append(" ".join(map(str, [len(nums), *nums])))
    return ("\n".join(lines) + "\n").encode()


@dataclass
class Timing:
    wall_ms: int
    cpu_ms: int


def values(language: LanguageConfig, p: FunctionProblem) -> dict[str, str]:
    return {
        "python": registry.python_interpreter(),
        "memory_mb": str(p.memory_mb),
        "node": registry.resolve("node") or "node",
        "node_modules": NODE_MODULES_IN_BOX,
        "dir": BOX,
    }


def bare_program(
    sandbox: Sandbox, language: LanguageConfig, p: FunctionProblem, work: Path
) -> Path:
    """The bare program compiled (or just placed) in a directory that seeds the run box."""
    name, compile_template, _ = BARE[language.id]

    def write(directory: Path) -> None:
        shutil.copyfile(HERE / name, directory / name)

    sources = Sources(write=write, command=compile_template, values=values(language, p))
    build = compile_sources(sandbox, language, sources, work / "bare", KIT)
    if not build.ok:
        raise RuntimeError(f"{language.id}: bare compile failed: {build.report}")
    return build.directory


def time_bare(
    sandbox: Sandbox, language: LanguageConfig, p: FunctionProblem, directory: Path, work: Path
) -> Timing:
    adapter = adapter_for(language.id)
    assert adapter is not None
    (work / "bare.in").write_bytes(bare_input(p))
    spec = SessionSpec(
        mounts=(Mount(KIT.node_modules, NODE_MODULES_IN_BOX),),
        workdir=BOX,
        seed_dir=directory,
        seccomp=True,
        workdir_size_bytes=128 << 20,
    )
    request = RunRequest(
        argv=substitute(BARE[language.id][2], values(language, p)),
        limits=Harness(adapter, p, KIT).limits(language),
        stdin=work / "bare.in",
        stdout=work / "bare.out",
        stderr=work / "bare.err",
        env={"HOME": BOX, **language.env},
    )
    with sandbox.session(spec) as session:
        result: RunResult = session.run(request)
    got = (work / "bare.out").read_text().split()
    if not result.ok or got != [str(c.expected) for c in p.cases]:
        raise RuntimeError(
            f"{language.id}: the bare loop failed: {(work / 'bare.err').read_text()}"
        )
    return Timing(result.wall_ms, result.cpu_ms)


def measure(sandbox: Sandbox, language_id: str, p: FunctionProblem, repeat: int) -> list[str]:
    language, adapter = registry.get(language_id), adapter_for(language_id)
    if language is None or adapter is None:
        return [language_id, "no harness"]
    with tempfile.TemporaryDirectory(prefix="juiz-bench-") as tmp:
        work = Path(tmp)
        source = (HERE / f"solution.{SOLUTION_FILES[language_id]}").read_bytes()
        harness_of = Harness(adapter, p, KIT)
        started = time.perf_counter()
        build = harness_of.build(sandbox, language, source, work / "harness")
        build_ms = (time.perf_counter() - started) * 1000
        if not build.ok:
            return [language_id, f"harness compile failed: {build.report}"]
        bare_dir = bare_program(sandbox, language, p, work)
        harness, bare, host = [], [], []
        for k in range(repeat):  # interleaved, so load changes hit both alike
            run = harness_of.run(sandbox, build, p.cases, work / f"h{k}")
            started = time.perf_counter()
            report = run_report(run, host_comparison(p, KIT))
            host.append((time.perf_counter() - started) * 1000)
            if not report.classification.is_accepted:
                return [language_id, f"harness run: {report.classification.value} {report.reason}"]
            harness.append(Timing(run.result.wall_ms, run.result.cpu_ms))
            bare_work = work / f"b{k}"
            bare_work.mkdir()
            bare.append(time_bare(sandbox, language, p, bare_dir, bare_work))
    h = min(harness, key=lambda t: t.wall_ms)
    b = min(bare, key=lambda t: t.wall_ms)
    return [
        language_id,
        str(h.wall_ms),
        str(b.wall_ms),
        f"{h.wall_ms / max(b.wall_ms, 1):.2f}",
        str(h.cpu_ms),
        str(b.cpu_ms),
        f"{h.cpu_ms / max(b.cpu_ms, 1):.2f}",
        f"{min(host):.0f}",
        f"{build_ms:.0f}",
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--language", action="append", choices=HARNESS_LANGUAGES)
    args = parser.parse_args()
    p, sandbox = problem(args.cases), make_sandbox()
    from judging.cli.table import format_table

    header = (
        "language",
        "harness wall ms",
        "bare wall ms",
        "ratio",
        "harness CPU ms",
        "bare CPU ms",
        "ratio",
        "host ms",
        "build ms",
    )
    rows = []
    for language_id in args.language or HARNESS_LANGUAGES:
        row = measure(sandbox, language_id, p, args.repeat)
        rows.append(row + [""] * (len(header) - len(row)))
        print(" ".join(row), file=sys.stderr)
    print(f"{args.cases} cases of {SIZE} ints, fastest of {args.repeat} runs each\n")
    print(format_table(header, rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
