"""One solution through its language's harness, in the real sandbox: compile once, run once.

All cases run in one process (docs/functions.md), so the problem's time limit is for the whole
run. The payload goes in on stdin from a host file (it is never in the box's directory, so a
solution cannot reread it for the hidden cases' inputs later, and hidden expected values are not
in it at all). The channel is the harness's stdout, written to a host file with a generous cap:
one stress case's result can be megabytes of JSON.

Compilation of solution + harness is split from running (build_harness / run_built) so that
callers running several payloads through one solution compile it once.
"""

from __future__ import annotations

import json
import math
import secrets
import shutil
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from judging.functions.adapters.base import NODE_TOOLS, NODE_TOOLS_IN_BOX, HarnessAdapter
from judging.functions.casefile import Case, FunctionProblem
from judging.functions.protocol import Parsed, parse
from judging.languages import registry
from judging.languages.base import LanguageConfig, substitute
from judging.report import CompileReport
from judging.sandbox.base import Limits, Mount, RunRequest, RunResult, Sandbox, SessionSpec
from judging.steps.dynamic import OPEN_FILES
from judging.steps.files import head, tail, text
from judging.steps.static import (
    BOX_DIR,
    COMPILE_OUTPUT_BYTES,
    ConfigurationError,
    box_env,
    judge_compilation,
    run_compiler,
)

CHANNEL_BYTES = 64 * 1024 * 1024  # the cap on stdout (the channel) and stderr
RUN_WORKDIR_BYTES = 128 * 1024 * 1024  # the harness, the solution, a compiled binary
STDERR_TAIL_BYTES = 4 * 1024


@dataclass(frozen=True)
class HarnessBuild:
    """Solution and harness laid out, and compiled when the language compiles."""

    adapter: HarnessAdapter
    language: LanguageConfig
    problem: FunctionProblem
    directory: Path  # seeds the run session
    compile: CompileReport | None  # None when the adapter has no compile step
    warnings: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return self.compile is None or self.compile.ok


@dataclass(frozen=True)
class HarnessRun:
    build: HarnessBuild
    cases: tuple[Case, ...]  # in payload order: record i is about cases[i]
    limits: Limits
    result: RunResult
    parsed: Parsed
    nonce: str
    stderr_tail: bytes
    warnings: tuple[str, ...]


def command_values(adapter: HarnessAdapter, problem: FunctionProblem) -> dict[str, str]:
    """The values of the adapter's command templates (see adapters/base.py)."""
    return {
        "dir": BOX_DIR,
        "python": registry.python_interpreter(),
        "memory_mb": str(problem.memory_mb),
        "node": registry.resolve("node") or "node",
        "node_tools": NODE_TOOLS_IN_BOX,
    }


def _argv(language: LanguageConfig, template: str, values: dict[str, str]) -> list[str]:
    try:
        argv = substitute(template, values)
    except (KeyError, ValueError, IndexError) as error:
        raise ConfigurationError(
            f"harness of {language.id}: command {template!r}: {error}"
        ) from None
    if not argv:
        raise ConfigurationError(f"harness of {language.id}: empty command")
    return argv


def mounts(adapter: HarnessAdapter) -> tuple[Mount, ...]:
    if not adapter.needs_node_tools:
        return ()
    if not NODE_TOOLS.is_dir():
        # Not the team's fault: setup did not install the node tools (tsc).
        raise ConfigurationError(f"{NODE_TOOLS} is missing: run the setup step (npm install)")
    return (Mount(NODE_TOOLS, NODE_TOOLS_IN_BOX),)


def build_harness(
    sandbox: Sandbox,
    adapter: HarnessAdapter,
    language: LanguageConfig,
    problem: FunctionProblem,
    source: bytes,
    workspace: Path,
) -> HarnessBuild:
    """Lay out solution and harness (adapter.prepare) and compile them. A compiler failure is a
    CompileReport with ok=False; SandboxError and ConfigurationError are ours."""
    source_dir = workspace / "source"
    source_dir.mkdir(parents=True)
    adapter.prepare(problem.harness_manifest(), source, source_dir)
    if adapter.compile_command is None:
        return HarnessBuild(adapter, language, problem, source_dir, None)
    build_dir = workspace / "build"
    build_dir.mkdir()
    values = command_values(adapter, problem)
    argv = _argv(language, adapter.compile_command, values)
    dirs = (source_dir, build_dir, workspace)
    result, warnings = run_compiler(sandbox, language, argv, dirs, mounts(adapter))
    report = _compile_report(adapter, language, values, result, workspace, build_dir)
    return HarnessBuild(adapter, language, problem, build_dir, report, warnings)


def _compile_report(
    adapter: HarnessAdapter,
    language: LanguageConfig,
    values: dict[str, str],
    result: RunResult,
    workspace: Path,
    build_dir: Path,
) -> CompileReport:
    out = head(workspace / "compile.out", COMPILE_OUTPUT_BYTES + 1)
    err = head(workspace / "compile.err", COMPILE_OUTPUT_BYTES + 1)
    output = text(out + (b"\n" if out and err else b"") + err, COMPILE_OUTPUT_BYTES)
    # The harness's own code may print notes (javac's unchecked warnings), so "warnings are
    # errors" cannot apply here; and the adapter's commands, not the language's, decide what
    # the program is.
    harness_language = replace(language, warnings_are_errors=False, run_command=adapter.run_command)
    return judge_compilation(harness_language, values, result, output, build_dir)


def run_limits(
    problem: FunctionProblem, language: LanguageConfig, adapter: HarnessAdapter
) -> Limits:
    """As judging/steps/dynamic.run_limits, for one run of every case."""
    cpu_ms = math.ceil(problem.time_limit_s * language.time_factor * 1000)
    overhead = 0 if language.address_space_limit else language.memory_overhead_mb
    return Limits(
        cpu_ms=cpu_ms,
        wall_ms=2 * cpu_ms + 1000,
        memory_kib=(problem.memory_mb + overhead) * 1024,
        output_bytes=CHANNEL_BYTES,
        processes=max(language.run_processes, adapter.run_processes, 1),
        open_files=OPEN_FILES,
        address_space_limit=language.address_space_limit,
    )


def payload(problem: FunctionProblem, cases: Sequence[Case], nonce: str) -> bytes:
    """What the harness reads on stdin; expected values only for visible cases."""
    body = {
        "nonce": nonce,
        "manifest": problem.harness_manifest(),
        "cases": [c.payload(i, with_expected=not c.hidden) for i, c in enumerate(cases)],
    }
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def run_built(
    sandbox: Sandbox, build: HarnessBuild, cases: Sequence[Case], workspace: Path
) -> HarnessRun:
    """Run the compiled harness once over `cases`. Raises SandboxError (ours)."""
    if not build.ok:
        raise ValueError("run_built needs a successful build")
    nonce = secrets.token_hex(16)
    run_dir = workspace / f"run-{nonce[:8]}"
    run_dir.mkdir(parents=True)
    (run_dir / "payload.json").write_bytes(payload(build.problem, cases, nonce))
    limits = run_limits(build.problem, build.language, build.adapter)
    spec = SessionSpec(
        mounts=mounts(build.adapter),
        workdir=BOX_DIR,
        workdir_size_bytes=RUN_WORKDIR_BYTES,
        seed_dir=build.directory,
        seccomp=True,
    )
    request = RunRequest(
        argv=_argv(
            build.language, build.adapter.run_command, command_values(build.adapter, build.problem)
        ),
        limits=limits,
        stdin=run_dir / "payload.json",
        stdout=run_dir / "channel",
        stderr=run_dir / "stderr",
        env=box_env(build.language),
    )
    with sandbox.session(spec) as session:
        result = session.run(request)
        warnings = tuple(dict.fromkeys((*build.warnings, *session.warnings, *result.warnings)))
    channel = head(run_dir / "channel", CHANNEL_BYTES + 1)
    stderr_tail = tail(run_dir / "stderr", STDERR_TAIL_BYTES)
    shutil.rmtree(run_dir, ignore_errors=True)
    parsed = parse(channel, nonce, [c.name for c in cases])
    return HarnessRun(build, tuple(cases), limits, result, parsed, nonce, stderr_tail, warnings)
