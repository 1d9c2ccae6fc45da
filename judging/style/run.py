"""Running a style tool over a submission's files in the sandbox, like a compiler: a box of its
own, the files read-only in its work directory, the tool's limits, no network.

Whatever goes wrong (no tool for the language, the tool missing here, a crash, a timeout,
output that does not parse, the sandbox failing) the result is a report saying the style is
unavailable and why: style never raises into the judging, and never touches a verdict.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath

from judging.sandbox.base import (
    Limits,
    Mount,
    RunRequest,
    RunResult,
    Sandbox,
    SandboxError,
    SessionSpec,
)
from judging.steps.files import head, text
from judging.style.registry import TOOLS, tool_for
from judging.style.report import StyleReport, found, unavailable
from judging.style.tool import (
    BOX_DIR,
    RULE_SETS,
    RULES_HOST,
    RULES_IN_BOX,
    StyleKit,
    StyleTool,
    ToolOutputError,
)
from judging.workdirs import work_folder

logger = logging.getLogger(__name__)

# A linter is faster than the compiler it sits beside; checkstyle's JVM start is the slowest
# (about 1.5 s of CPU here). The caps bound a hostile source that makes a tool loop or flood.
STYLE_LIMITS = Limits(
    cpu_ms=20_000,
    wall_ms=40_000,
    memory_kib=1024 * 1024,
    output_bytes=8 * 1024 * 1024,
    processes=16,
    open_files=256,
)
STYLE_WORKDIR_BYTES = 64 * 1024 * 1024
ENV = {"HOME": "/tmp", "TMPDIR": "/tmp", "PATH": "/usr/bin:/bin", "NO_COLOR": "1"}


@dataclass(frozen=True)
class StyleFile:
    filename: str  # its path in the submission ("Main.java", "lib/util.py")
    source: bytes


def check_style(
    sandbox: Sandbox,
    files: Sequence[StyleFile],
    language_id: str,
    rule_set: str,
    kit: StyleKit,
    *,
    tool_name: str | None = None,
) -> StyleReport:
    """The style report of a submission's files in `language_id`, with a bundled rule set.
    `tool_name` names the tool ("ruff" ...); None: the one the language's evaluator declares."""
    tool = TOOLS.get(tool_name) if tool_name is not None else tool_for(language_id)
    if tool is None:
        missing = f"no style tool named {tool_name!r}" if tool_name is not None else None
        return unavailable("", rule_set, missing or f"no style tool checks {language_id}")
    if rule_set not in RULE_SETS:
        return unavailable(tool.name, rule_set, f"unknown rule set {rule_set!r}")
    missing = tool.missing(kit)
    if missing is not None:
        return unavailable(tool.name, rule_set, missing)
    checked = [f for f in files if tool.reads(f.filename) and _safe(f.filename)]
    if not checked:
        return unavailable(tool.name, rule_set, f"no file {tool.name} can check")
    try:
        return _run(sandbox, tool, checked, rule_set, kit)
    except (SandboxError, OSError) as error:
        logger.warning("style %s unavailable: %s", tool.name, error)
        return unavailable(tool.name, rule_set, f"the sandbox failed: {error}")


def _run(
    sandbox: Sandbox, tool: StyleTool, files: Sequence[StyleFile], rule_set: str, kit: StyleKit
) -> StyleReport:
    with work_folder("juiz-grade-style-") as workspace:
        source = workspace / "source"
        for file in files:
            target = source / file.filename
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(file.source)
        mounts = (Mount(RULES_HOST, RULES_IN_BOX), *tool.mounts(kit))
        spec = SessionSpec(
            mounts=mounts,
            workdir=BOX_DIR,
            workdir_size_bytes=STYLE_WORKDIR_BYTES,
            seed_dir=source,
            seccomp=False,  # the JVM and node fork threads and helpers, as compilers do
            workdir_writable=False,
        )
        request = RunRequest(
            argv=tool.command(rule_set, [f.filename for f in files]),
            limits=replace(
                STYLE_LIMITS,
                processes=tool.processes,
                address_space_limit=tool.address_space_limit,
            ),
            stdout=workspace / "style.out",
            stderr=workspace / "style.err",
            env=ENV,
        )
        with sandbox.session(spec) as session:
            result = session.run(request)
        return _report(tool, rule_set, result, workspace)


def _report(tool: StyleTool, rule_set: str, result: RunResult, workspace: Path) -> StyleReport:
    usage = {"cpu_ms": result.cpu_ms, "wall_ms": result.wall_ms}
    failure = _failure(tool, result, workspace / "style.err")
    if failure is not None:
        return unavailable(tool.name, rule_set, failure)
    limit = STYLE_LIMITS.output_bytes
    stdout, stderr = head(workspace / "style.out", limit), head(workspace / "style.err", limit)
    try:
        issues = tool.parse(stdout, stderr)
    except ToolOutputError as error:
        return unavailable(tool.name, rule_set, str(error))
    return found(tool.name, rule_set, issues, **usage)


def _failure(tool: StyleTool, result: RunResult, stderr: Path) -> str | None:
    """Why the run checked nothing, or None."""
    if result.cpu_limit_hit or result.wall_limit_hit:
        return f"{tool.name} exceeded its time limit ({STYLE_LIMITS.cpu_ms // 1000} s CPU)"
    if result.memory_limit_hit:
        return f"{tool.name} exceeded its memory limit ({STYLE_LIMITS.memory_kib // 1024} MiB)"
    if result.output_limit_hit:
        return f"{tool.name} wrote more than {STYLE_LIMITS.output_bytes >> 20} MiB"
    if result.signal is not None:
        return f"{tool.name} was killed by signal {result.signal}"
    if result.exit_code not in tool.ok_exit_codes:
        said = text(head(stderr, 600), 600).strip()
        return f"{tool.name} failed (exit code {result.exit_code})" + (f": {said}" if said else "")
    return None


def _safe(filename: str) -> bool:
    """A name the box can hold and the tool cannot take for an option: relative, no '..', no
    part starting with '-' (the submit form refuses most of these already)."""
    path = PurePosixPath(filename)
    if not filename or path.is_absolute():
        return False
    return not any(part == ".." or part.startswith("-") for part in path.parts)
