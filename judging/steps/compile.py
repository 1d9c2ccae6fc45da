"""The compile step of every grader: lay out the sources, run the compiler in a box of its own,
judge how it ended (docs/judging.md, "Compilation").

A grader says what its sources are and how they compile (Sources: a stdin submission is one
file and the language's compile command; a function solution is laid out with its harness by
the adapter, compiled by the adapter's command). Whatever the grader, the compiler runs with
the same limits, mounts and environment, and its output is judged by the same rules; the result
is one Build. Every failure of the compiler is a CompileReport with ok=False; SandboxError and
ConfigurationError are ours.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from judging.builds import BuildCache, CompileSetup, build_key, fetch, reproducible, store
from judging.kit import NODE_MODULES_IN_BOX, Kit
from judging.languages import typescript
from judging.languages.base import LanguageConfig
from judging.report import CompileReport
from judging.sandbox.base import Limits, Mount, RunRequest, RunResult, Sandbox, SessionSpec
from judging.steps.box import BOX_DIR, compile_env, fill, language_mounts
from judging.steps.files import head, text

COMPILE_OUTPUT_BYTES = 64 * 1024  # compiler diagnostics kept in the report
# Compilers are trusted but not their input (template bombs, huge static arrays), so they get
# limits of their own, DOMjudge's defaults (script_timelimit 30 s, script_memory_limit 2 GiB,
# script_filesize_limit 540672 KiB). output_bytes caps every file written, intermediate or
# final: a program may legitimately carry a static array of several hundred MiB in its binary
# (an initialised `char a[512 << 20]`), which a problem with that much memory must accept, so
# the cap is far more than the diagnostics kept.
COMPILE_LIMITS = Limits(
    cpu_ms=30_000,
    wall_ms=60_000,
    memory_kib=2 * 1024 * 1024,
    output_bytes=540_672 * 1024,
    processes=64,
    open_files=256,
)
# The work directory and /tmp (the object file) each hold one file of the cap and more; both
# stay under the sandbox's export limit (1 GiB), which the build directory is copied out under.
COMPILE_WORKDIR_BYTES = 1024 * 1024 * 1024 - 64 * 1024 * 1024
# Toolchain data outside the system directories every box has (/usr, /lib ...), shown read-only
# to compilers when present: GHC's package database is a symlink into /var/lib/ghc.
TOOLCHAIN_DIRS: tuple[str, ...] = ("/var/lib/ghc",)


class BuildRefused(Exception):
    """The submission cannot be built as given (no single language, no entry point to be
    found): the format's "building fails", so a Compile Time Error with this reason."""


@dataclass(frozen=True)
class Sources:
    """What a grader compiles, and how: everything the compile step needs from it."""

    write: Callable[[Path], None]  # lays out the files of the box's work directory
    command: str | None  # the compile command template; None when nothing is compiled
    values: Mapping[str, str] = field(default_factory=dict)  # its variables (and the run's)
    warnings_are_errors: bool = False  # any compiler output fails the compilation
    program: str | None = None  # the file a compilation must leave (the run command's {exe})
    mounts: tuple[Mount, ...] = ()  # what the compiler sees besides the toolchains
    # The compile command's own values when they differ from the run's (several files: the
    # compiler gets them all as {source}, the run its entry point).
    compile_values: Mapping[str, str] | None = None


@dataclass(frozen=True)
class Build:
    """Sources compiled (or merely laid out): `directory` seeds every run session."""

    language: LanguageConfig
    directory: Path
    report: CompileReport | None  # None when nothing was compiled
    values: Mapping[str, str] = field(default_factory=dict)  # template variables of the runs
    warnings: tuple[str, ...] = ()  # the sandbox's degraded-isolation notices

    @property
    def ok(self) -> bool:
        return self.report is None or self.report.ok


def toolchain_mounts(kit: Kit | None) -> tuple[Mount, ...]:
    """What every compiler sees besides the system, when present: the toolchain directories,
    and the kit's tsc and TypeScript declarations (without a kit, TypeScript cannot compile)."""
    pairs = [(Path(d), d) for d in TOOLCHAIN_DIRS]
    if kit is not None:
        pairs.append((kit.node_modules, NODE_MODULES_IN_BOX))
        declarations = kit.harness(typescript.DECLARATIONS_HARNESS)
        pairs.append((declarations, typescript.DECLARATIONS_IN_BOX))
    return tuple(Mount(host, inside) for host, inside in pairs if host.is_dir())


def compile_sources(
    sandbox: Sandbox,
    language: LanguageConfig,
    sources: Sources,
    workspace: Path,
    kit: Kit | None,
    builds: BuildCache | None = None,
) -> Build:
    """Lay out the sources in workspace/source, and compile them into workspace/build; with
    `builds`, a stored build of the same key is copied there instead (judging/builds.py)."""
    source_dir = workspace / "source"
    source_dir.mkdir(parents=True)
    sources.write(source_dir)
    if sources.command is None:
        return Build(language, source_dir, None, sources.values)
    build_dir = workspace / "build"
    build_dir.mkdir()
    argv = fill(language, sources.command, sources.compile_values or sources.values)
    mounts = (*toolchain_mounts(kit), *language_mounts(language), *sources.mounts)
    key = "" if builds is None else _key(sandbox, language, sources, argv, mounts, source_dir)
    if not key:
        builds = None  # no key (the cache is off, or a toolchain could not be looked at)
    if builds is not None and builds.reuse:
        stored = fetch(builds, key, build_dir)
        if stored is not None:
            return Build(language, build_dir, stored.report, sources.values, stored.warnings)
    dirs = (source_dir, build_dir, workspace)
    result, warnings = run_compiler(sandbox, language, argv, dirs, mounts)
    output = compiler_output(workspace)
    failure = compile_failure(
        result,
        output,
        build_dir,
        warnings_are_errors=sources.warnings_are_errors,
        program=sources.program,
    )
    report = replace(compile_report(result, output, failure), build_key=key)
    if builds is not None and reproducible(result):
        store(builds, key, build_dir, report, warnings)
    return Build(language, build_dir, report, sources.values, warnings)


def _key(
    sandbox: Sandbox,
    language: LanguageConfig,
    sources: Sources,
    argv: Sequence[str],
    mounts: Sequence[Mount],
    source_dir: Path,
) -> str:
    """The build's key; "" when part of it cannot be read (a compile is never a failure of
    the cache's making)."""
    setup = CompileSetup(
        language=language,
        argv=argv,
        env=compile_env(language),
        values=sources.values,
        warnings_are_errors=sources.warnings_are_errors,
        program=sources.program,
        mounts=mounts,
        limits=compile_limits(language),
        sandbox=sandbox.name,
    )
    try:
        return build_key(setup, source_dir)
    except OSError:
        return ""


def compile_limits(language: LanguageConfig) -> Limits:
    return replace(
        COMPILE_LIMITS,
        processes=max(language.compile_processes, 1),
        address_space_limit=language.address_space_limit,
    )


def run_compiler(
    sandbox: Sandbox,
    language: LanguageConfig,
    argv: Sequence[str],
    dirs: tuple[Path, Path, Path],
    mounts: Sequence[Mount] = (),
) -> tuple[RunResult, tuple[str, ...]]:
    """Run a compiler over `dirs` = (source dir, build dir, workspace) in a box of its own
    (seccomp off: compilers fork and exec); the build dir receives the box's work directory.
    Returns the compiler's result and the sandbox's warnings. Output goes to compile.out and
    compile.err in the workspace."""
    source_dir, build_dir, workspace = dirs
    spec = SessionSpec(
        mounts=tuple(dict.fromkeys(mounts)),
        workdir=BOX_DIR,
        workdir_size_bytes=COMPILE_WORKDIR_BYTES,
        seed_dir=source_dir,
        seccomp=False,
        export_dir=build_dir,
    )
    limits = compile_limits(language)
    request = RunRequest(
        argv=argv,
        limits=limits,
        stdout=workspace / "compile.out",
        stderr=workspace / "compile.err",
        env=compile_env(language),
    )
    with sandbox.session(spec) as session:
        result = session.run(request)
        return result, tuple(dict.fromkeys((*session.warnings, *result.warnings)))


def compiler_output(workspace: Path) -> str:
    """What the compiler wrote, stdout then stderr, capped for the report."""
    out = head(workspace / "compile.out", COMPILE_OUTPUT_BYTES + 1)
    err = head(workspace / "compile.err", COMPILE_OUTPUT_BYTES + 1)
    joined = out + (b"\n" if out and err and not out.endswith(b"\n") else b"") + err
    return text(joined, COMPILE_OUTPUT_BYTES)


def compile_report(result: RunResult, output: str, failure: str | None) -> CompileReport:
    return CompileReport(
        ok=failure is None,
        output=output if failure is None else _with_note(output, failure),
        cpu_ms=result.cpu_ms,
        wall_ms=result.wall_ms,
        exit_code=result.exit_code,
        timed_out=result.cpu_limit_hit or result.wall_limit_hit,
    )


def expected_program(language: LanguageConfig, values: Mapping[str, str]) -> str | None:
    """The file a compilation in this language must leave: the {exe} its run command starts."""
    return values["exe"] if "{exe}" in language.run_command else None


def compile_failure(
    result: RunResult,
    output: str,
    build_dir: Path,
    *,
    warnings_are_errors: bool,
    program: str | None,
) -> str | None:
    """The judge's note on a failed compilation, or None when it succeeded.

    Warnings: with warnings_are_errors, *any* compiler output fails the compilation (Mooshak
    aborts on "an error or compiler warning"). The default templates print nothing on a clean
    compile, so admins who want warnings to count add the flags (-Wall ...) to the template.
    """
    limits = COMPILE_LIMITS
    if result.cpu_limit_hit or result.wall_limit_hit:
        return (
            f"Compilation exceeded the time limit ({limits.cpu_ms // 1000} s CPU, "
            f"{limits.wall_ms // 1000} s wall)."
        )
    if result.memory_limit_hit:
        return f"Compilation exceeded the memory limit ({limits.memory_kib // 1024} MiB)."
    if result.output_limit_hit:
        return f"The compiler wrote more than {limits.output_bytes // (1024 * 1024)} MiB."
    if result.signal is not None:
        return f"The compiler was killed by signal {result.signal}."
    if result.exit_code != 0:
        return f"The compiler failed (exit code {result.exit_code})."
    if warnings_are_errors and output.strip():
        return "Warnings are errors in this contest, and the compiler printed diagnostics."
    if program is not None and not (build_dir / program).exists():
        return f"The compiler produced no program ({program})."
    return None


def _with_note(output: str, note: str) -> str:
    return f"{output.rstrip()}\n[judge] {note}" if output.strip() else f"[judge] {note}"
