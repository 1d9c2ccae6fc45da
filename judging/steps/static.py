"""Static analysis, in Mooshak's order: pre-checks, language, program size, then compilation.

Any failure here ends the judgement before a test is run: the first failing check decides.

Pre-checks are the web app's hooks (already solved, team ownership, problem id). A PreCheck
returns None to let the submission through, or the Report that ends it (the web app chooses the
classification, e.g. Invalid Submission with a reason). They run first, in the given order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from judging.classification import Classification
from judging.languages import registry, typescript
from judging.languages.base import LanguageConfig, substitute
from judging.problem.model import Problem
from judging.report import CompileReport, Report
from judging.sandbox.base import Limits, Mount, RunRequest, RunResult, Sandbox, SessionSpec
from judging.steps.files import head, text

BOX_DIR = "/box"
COMPILE_OUTPUT_BYTES = 64 * 1024  # compiler diagnostics kept in the report
# Compilers are trusted but not their input (template bombs, huge static arrays), so they get
# limits of their own. output_bytes also caps every file written (a static C++ binary is
# ~2 MiB, a Kotlin jar with its runtime ~5 MiB), hence far more than the diagnostics kept.
COMPILE_LIMITS = Limits(
    cpu_ms=30_000,
    wall_ms=60_000,
    memory_kib=2 * 1024 * 1024,
    output_bytes=64 * 1024 * 1024,
    processes=64,
    open_files=256,
)
COMPILE_WORKDIR_BYTES = 256 * 1024 * 1024
COMPILE_HOME = "/tmp"  # the box's own /tmp: size-capped, never exported
# Toolchain data outside the system directories every box has (/usr, /lib ...), shown read-only
# to compilers when present: GHC's package database is a symlink into /var/lib/ghc.
TOOLCHAIN_DIRS: tuple[str, ...] = ("/var/lib/ghc",)


def toolchain_mounts() -> tuple[Mount, ...]:
    pairs = [(Path(d), d) for d in TOOLCHAIN_DIRS] + list(typescript.MOUNTS)
    return tuple(Mount(host, inside) for host, inside in pairs if host.is_dir())


class ConfigurationError(Exception):
    """A language's command line cannot be used as configured (unknown template variable, bad
    quoting, empty command): the admin's to fix, never the team's fault."""


def fill(language: LanguageConfig, template: str, values: Mapping[str, str]) -> list[str]:
    """A command template filled in and split into argv; ConfigurationError when it cannot be."""
    try:
        argv = substitute(template, values)
    except (KeyError, ValueError, IndexError) as error:
        raise ConfigurationError(f"language {language.id}: command {template!r}: {error}") from None
    if not argv:
        raise ConfigurationError(f"language {language.id}: empty command")
    return argv


def box_source_name(language: LanguageConfig, submission: SubmissionFile) -> str:
    try:
        name = language.source_file_name(submission.filename, submission.source)
    except (KeyError, ValueError, IndexError) as error:
        raise ConfigurationError(
            f"language {language.id}: source name {language.source_name!r}: {error}"
        ) from None
    if not name or "/" in name or name in (".", ".."):
        raise ConfigurationError(f"language {language.id}: unusable source name {name!r}")
    return name


@dataclass(frozen=True)
class SubmissionFile:
    filename: str  # as the team named it; its extension chooses the language
    source: bytes


PreCheck = Callable[[SubmissionFile, Problem], Report | None]


@dataclass(frozen=True)
class Build:
    """A compiled (or merely placed) submission: `directory` seeds every run session."""

    language: LanguageConfig
    source_name: str  # file name inside the box, e.g. main.c or Sum.java
    directory: Path
    report: CompileReport | None  # None when the language has no compile step
    warnings: tuple[str, ...] = ()  # the sandbox's degraded-isolation notices


def run_pre_checks(
    submission: SubmissionFile, problem: Problem, pre_checks: Sequence[PreCheck]
) -> Report | None:
    for check in pre_checks:
        verdict = check(submission, problem)
        if verdict is not None:
            return verdict
    return None


def choose_language(
    submission: SubmissionFile, languages: Sequence[LanguageConfig], language_id: str | None
) -> LanguageConfig | Report:
    """The language forced by id, else the one the file extension names; else Invalid
    Submission."""
    if language_id is not None:
        chosen = next((c for c in languages if c.id == language_id and c.enabled), None)
        reason = f"language {language_id!r} is not available in this contest"
    else:
        chosen = registry.for_filename(submission.filename, languages)
        reason = f"no language of this contest takes files named {submission.filename!r}"
    if chosen is None:
        return Report(Classification.INVALID_SUBMISSION, reason=reason)
    return chosen


def check_size(submission: SubmissionFile, problem: Problem) -> Report | None:
    limit = problem.source_size_kib * 1024
    if len(submission.source) <= limit:
        return None
    return Report(
        Classification.PROGRAM_SIZE_EXCEEDED,
        reason=f"the source has {len(submission.source)} bytes; the limit is "
        f"{problem.source_size_kib} KiB",
    )


def static_checks(
    submission: SubmissionFile,
    problem: Problem,
    languages: Sequence[LanguageConfig],
    pre_checks: Sequence[PreCheck] = (),
    language_id: str | None = None,
) -> LanguageConfig | Report:
    """Everything before compilation: the chosen language, or the Report that ends judging."""
    verdict = run_pre_checks(submission, problem, pre_checks)
    if verdict is not None:
        return verdict
    language = choose_language(submission, languages, language_id)
    if isinstance(language, Report):
        return language
    size = check_size(submission, problem)
    if size is not None:
        return Report(size.classification, language=language.id, reason=size.reason)
    return language


def box_env(language: LanguageConfig) -> dict[str, str]:
    """Environment of a submission's runs: HOME is the box work directory, plus the language's
    own variables."""
    return {"HOME": BOX_DIR, **language.env}


def compile_env(language: LanguageConfig) -> dict[str, str]:
    """Environment of the compiler: HOME in the box's /tmp, so that caches compilers keep there
    (Go's build cache, GHC's and kotlinc's directories) are not exported with the program."""
    return {**box_env(language), "HOME": COMPILE_HOME, "TMPDIR": COMPILE_HOME}


def compile_submission(
    sandbox: Sandbox,
    language: LanguageConfig,
    submission: SubmissionFile,
    problem: Problem,
    workspace: Path,
) -> Build:
    """Place the source and compile it in the sandbox (seccomp off: compilers fork and exec).

    Raises SandboxError when the sandbox fails and ConfigurationError when the language's
    commands are unusable; every failure of the compiler is a CompileReport with ok=False.
    """
    source_name = box_source_name(language, submission)
    source_dir = workspace / "source"
    source_dir.mkdir(parents=True)
    (source_dir / source_name).write_bytes(submission.source)
    if not language.compile_command:
        return Build(language, source_name, source_dir, None)
    build_dir = workspace / "build"
    build_dir.mkdir()
    values = registry.variables(
        language, source=source_name, workdir=BOX_DIR, memory_mb=problem.memory_mb
    )
    argv = fill(language, language.compile_command, values)
    result, warnings = run_compiler(sandbox, language, argv, (source_dir, build_dir, workspace))
    output = _compiler_output(workspace)
    report = judge_compilation(language, values, result, output, build_dir)
    return Build(language, source_name, build_dir, report, warnings)


def run_compiler(
    sandbox: Sandbox,
    language: LanguageConfig,
    argv: Sequence[str],
    dirs: tuple[Path, Path, Path],
    extra_mounts: Sequence[Mount] = (),
) -> tuple[RunResult, tuple[str, ...]]:
    """Run a compiler over `dirs` = (source dir, build dir, workspace) in a box of its own
    (seccomp off: compilers fork and exec); the build dir receives the box's work directory.
    Returns the compiler's result and the sandbox's warnings. Output goes to compile.out and
    compile.err in the workspace. Shared by submissions and function-problem harnesses."""
    source_dir, build_dir, workspace = dirs
    mounts = tuple(dict.fromkeys((*toolchain_mounts(), *extra_mounts)))
    spec = SessionSpec(
        mounts=mounts,
        workdir=BOX_DIR,
        workdir_size_bytes=COMPILE_WORKDIR_BYTES,
        seed_dir=source_dir,
        seccomp=False,
        export_dir=build_dir,
    )
    limits = replace(
        COMPILE_LIMITS,
        processes=max(language.compile_processes, 1),
        address_space_limit=language.address_space_limit,
    )
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


def _compiler_output(workspace: Path) -> str:
    out = head(workspace / "compile.out", COMPILE_OUTPUT_BYTES + 1)
    err = head(workspace / "compile.err", COMPILE_OUTPUT_BYTES + 1)
    joined = out + (b"\n" if out and err and not out.endswith(b"\n") else b"") + err
    return text(joined, COMPILE_OUTPUT_BYTES)


def judge_compilation(
    language: LanguageConfig,
    values: Mapping[str, str],
    result: RunResult,
    output: str,
    build_dir: Path,
) -> CompileReport:
    """Whether a finished compiler run is a successful compilation, and why not."""
    problem = compile_failure(language, values, result, output, build_dir)
    return CompileReport(
        ok=problem is None,
        output=output if problem is None else _with_note(output, problem),
        cpu_ms=result.cpu_ms,
        wall_ms=result.wall_ms,
        exit_code=result.exit_code,
        timed_out=result.cpu_limit_hit or result.wall_limit_hit,
    )


def compile_failure(
    language: LanguageConfig,
    values: Mapping[str, str],
    result: RunResult,
    output: str,
    build_dir: Path,
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
    if language.warnings_are_errors and output.strip():
        return "Warnings are errors in this contest, and the compiler printed diagnostics."
    if "{exe}" in language.run_command and not (build_dir / values["exe"]).exists():
        return f"The compiler produced no program ({values['exe']})."
    return None


def _with_note(output: str, note: str) -> str:
    return f"{output.rstrip()}\n[judge] {note}" if output.strip() else f"[judge] {note}"
