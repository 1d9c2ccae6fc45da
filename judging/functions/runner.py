"""One solution through its language's harness, in the real sandbox: laid out and compiled by
the one compile step (judging/steps/compile.py), then run once over every case.

All cases run in one process (docs/functions.md), so the problem's time limit is for the whole
run. The payload goes in on stdin from a host file (it is never in the box's directory, so a
solution cannot reread it for the hidden cases' inputs later, and hidden expected values are not
in it at all). The channel is the harness's stdout, written to a host file with a generous cap:
one stress case's result can be megabytes of JSON.

Compiling (Harness.sources, for the compile step) is apart from running (Harness.run), so that
a caller running several payloads through one solution compiles it once.
"""

from __future__ import annotations

import functools
import json
import secrets
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from judging.functions.adapters.base import HarnessAdapter
from judging.functions.casefile import Case, FunctionProblem
from judging.functions.protocol import Parsed, parse
from judging.kit import NODE_MODULES_IN_BOX, Kit
from judging.languages import registry
from judging.languages.base import LanguageConfig
from judging.sandbox.base import Limits, Mount, RunRequest, RunResult, Sandbox, SessionSpec
from judging.sandbox.outcome import stack_bytes
from judging.steps.box import BOX_DIR, ConfigurationError, box_env, fill, language_mounts
from judging.steps.compile import Build, Sources, compile_sources
from judging.steps.files import head, tail
from judging.steps.limits import run_limits

CHANNEL_BYTES = 64 * 1024 * 1024  # the cap on stdout (the channel) and stderr
RUN_WORKDIR_BYTES = 128 * 1024 * 1024  # the harness, the solution, a compiled binary
STDERR_TAIL_BYTES = 4 * 1024


@dataclass(frozen=True)
class HarnessRun:
    problem: FunctionProblem
    build: Build
    cases: tuple[Case, ...]  # in payload order: record i is about cases[i]
    limits: Limits
    result: RunResult
    parsed: Parsed
    nonce: str
    stderr_tail: bytes
    warnings: tuple[str, ...]


@dataclass(frozen=True)
class Harness:
    """One language's harness for one problem, its files from the kit."""

    adapter: HarnessAdapter
    problem: FunctionProblem
    kit: Kit

    def values(self) -> dict[str, str]:
        """The values of the adapter's command templates (see adapters/base.py)."""
        values = {
            "dir": BOX_DIR,
            "python": registry.python_interpreter(),
            "memory_mb": str(self.problem.memory_mb),
            "node": registry.resolve("node") or "node",
            "node_modules": NODE_MODULES_IN_BOX,
        }
        if self.adapter.home is not None:
            values["harness_home"] = str(self.adapter.home(self.kit))
        language = registry.get(self.adapter.language)
        if self.adapter.values is not None and language is not None:
            stack = stack_bytes(self.limits(language))
            values.update(self.adapter.values(self.problem.memory_mb, stack))
        return values

    def mounts(self) -> tuple[Mount, ...]:
        mounts = []
        if self.adapter.home is not None:
            home = self.adapter.home(self.kit)
            mounts.append(Mount(home, str(home)))
        if self.adapter.needs_node_tools:
            node_modules = self.kit.node_modules
            if not node_modules.is_dir():
                # Not the team's fault: setup did not install the node tools (tsc).
                raise ConfigurationError(
                    f"{node_modules} is missing: run the setup step (npm install)"
                )
            mounts.append(Mount(node_modules, NODE_MODULES_IN_BOX))
        return tuple(mounts)

    def sources(self, source: bytes) -> Sources:
        """Solution and harness as the adapter lays them out, compiled by its command. The
        harness's own code may print notes (javac's unchecked warnings), so "warnings are
        errors" cannot apply; the adapter's run command names no {exe} to check for."""
        return Sources(
            write=functools.partial(self._write, source),
            command=self.adapter.compile_command,
            values=self.values(),
            mounts=self.mounts(),
        )

    def build(
        self, sandbox: Sandbox, language: LanguageConfig, source: bytes, workspace: Path
    ) -> Build:
        return compile_sources(sandbox, language, self.sources(source), workspace, self.kit)

    def limits(self, language: LanguageConfig) -> Limits:
        """One run of every case: the problem's limits, a channel's worth of output, and the
        processes the harness needs at least."""
        problem, adapter = self.problem, self.adapter
        return run_limits(
            problem.time_limit_s,
            problem.memory_mb,
            language,
            output_bytes=CHANNEL_BYTES,
            min_processes=adapter.run_processes,
        )

    def run(
        self, sandbox: Sandbox, build: Build, cases: Sequence[Case], workspace: Path
    ) -> HarnessRun:
        """Run the compiled harness once over `cases`. Raises SandboxError (ours)."""
        if not build.ok:
            raise ValueError("Harness.run needs a successful build")
        nonce = secrets.token_hex(16)
        run_dir = workspace / f"run-{nonce[:8]}"
        run_dir.mkdir(parents=True)
        (run_dir / "payload.json").write_bytes(payload(self.problem, cases, nonce))
        limits = self.limits(build.language)
        result, warnings = self._session(sandbox, build, limits, run_dir)
        channel = head(run_dir / "channel", CHANNEL_BYTES + 1)
        stderr_tail = tail(run_dir / "stderr", STDERR_TAIL_BYTES)
        shutil.rmtree(run_dir, ignore_errors=True)
        parsed = parse(channel, nonce, [c.name for c in cases])
        return HarnessRun(
            self.problem, build, tuple(cases), limits, result, parsed, nonce, stderr_tail, warnings
        )

    def _write(self, source: bytes, directory: Path) -> None:
        self.adapter.prepare(self.problem.harness_manifest(), source, directory, self.kit)

    def _session(
        self, sandbox: Sandbox, build: Build, limits: Limits, run_dir: Path
    ) -> tuple[RunResult, tuple[str, ...]]:
        spec = SessionSpec(
            mounts=(*self.mounts(), *language_mounts(build.language)),
            workdir=BOX_DIR,
            workdir_size_bytes=RUN_WORKDIR_BYTES,
            seed_dir=build.directory,
            seccomp=True,
        )
        request = RunRequest(
            argv=fill(build.language, self.adapter.run_command, build.values),
            limits=limits,
            stdin=run_dir / "payload.json",
            stdout=run_dir / "channel",
            stderr=run_dir / "stderr",
            env=box_env(build.language),
        )
        with sandbox.session(spec) as session:
            result = session.run(request)
            warnings = (*build.warnings, *session.warnings, *result.warnings)
        return result, tuple(dict.fromkeys(warnings))


def payload(problem: FunctionProblem, cases: Sequence[Case], nonce: str) -> bytes:
    """What the harness reads on stdin; expected values only for visible cases."""
    body = {
        "nonce": nonce,
        "manifest": problem.harness_manifest(),
        "cases": [c.payload(i, with_expected=not c.hidden) for i, c in enumerate(cases)],
    }
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
