"""Custom output validators with the Kattis protocol, compiled once and run in the sandbox.

    validator INPUT ANSWER FEEDBACK_DIR [flags...] < team_output

Exit 42 accepts, 43 rejects; FEEDBACK_DIR/judgemessage.txt is the message for the judges. Any
other ending (another exit code, a signal, a limit) means the validator is broken: that is the
problem's fault, never the team's, so it raises ValidatorError.

The validator is trusted code (written by the problem setters) but still runs in the sandbox,
with generous limits and seccomp off. Each check gets the input and answer in a read-only
directory and an empty, writable feedback directory, both host directories mounted into the
one session that lives as long as the checker. The passes of a multi-pass test share one
feedback directory, and the validator's nextpass.in is taken out of it (take_next_pass).
"""

from __future__ import annotations

import functools
import os
import shutil
import stat
from collections.abc import Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath

from judging.checkers.base import CheckResult, ValidatorError
from judging.checkers.feedback import read_scores
from judging.classification import Classification
from judging.constants import Constants
from judging.constants import substitute as substitute_constants
from judging.languages import entry, registry
from judging.languages.base import LanguageConfig, substitute
from judging.sandbox.base import (
    Limits,
    Mount,
    RunRequest,
    RunResult,
    Sandbox,
    Session,
    SessionSpec,
)
from judging.steps.box import BOX_DIR, box_env
from judging.steps.compile import COMPILE_WORKDIR_BYTES, Sources, compile_sources, expected_program
from judging.steps.files import head, tail, text
from judging.submission import SubmissionFile

EXIT_ACCEPT = 42
EXIT_REJECT = 43
MEMORY_MB = 2048
VALIDATOR_LIMITS = Limits(
    cpu_ms=30_000,
    wall_ms=60_000,
    memory_kib=MEMORY_MB * 1024,
    output_bytes=64 * 1024 * 1024,
    processes=64,
    open_files=256,
)
JUDGE_DIR = "/judge"  # input and answer, read-only
FEEDBACK_DIR = "/feedback"  # judgemessage.txt and friends, writable
MESSAGE_BYTES = 64 * 1024
NEXT_PASS_FILE = "nextpass.in"  # multi-pass problems: the next pass's input
# Names a validator's main source usually has, when a directory holds several sources.
MAIN_STEMS = ("validator", "output_validator", "main")


@dataclass(frozen=True)
class ValidatorProgram:
    language: LanguageConfig
    source_name: str  # inside the box: the entry point
    directory: Path  # seeds the session: the compiled validator, or the source itself
    values: Mapping[str, str] = field(default_factory=dict)  # of the run command


# A program with build and/or run scripts (the format's "Other programs"): build runs in a copy
# of the program's directory, then run is the validator. Scripts may use python3, cc and c++
# from the system path; the box has them.
SCRIPTS = LanguageConfig(
    id="build-run",
    name="build/run scripts",
    extensions=(),
    compile_command="/bin/sh build",
    run_command="{dir}/run",
    exe="run",
    address_space_limit=False,  # whatever run starts (a JVM...) may reserve address space
)


def find_program(
    location: Path, languages: Sequence[LanguageConfig], language_id: str | None = None
) -> tuple[LanguageConfig, entry.Program]:
    """The validator's language and how it compiles and starts: its build/run scripts, else
    the language of its files (by id, else by extension) and that language's entry point."""
    if not location.exists():
        raise ValidatorError(f"output validator {location} does not exist")
    files = _files(location)
    names = [f.filename for f in files]
    if location.is_dir() and ("build" in names or "run" in names):
        return SCRIPTS, entry.Program(("build",), "run", "run")
    language = _validator_language(location, names, languages, language_id)
    try:
        return language, entry.program(language, files, location.name, first_file=False)
    except entry.EntryError as error:
        mains = [f.filename for f in files if language.matches(f.filename)]
        mains = [n for n in mains if PurePosixPath(n).stem in MAIN_STEMS]
        if len(mains) != 1:
            raise ValidatorError(f"output validator {location}: {error}") from None
        return language, entry.program(language, files, location.name, entrypoint=mains[0])


def _files(location: Path) -> list[SubmissionFile]:
    if location.is_file():
        return [SubmissionFile(location.name, location.read_bytes())]
    return [
        SubmissionFile(p.relative_to(location).as_posix(), p.read_bytes())
        for p in sorted(location.rglob("*"))
        if p.is_file() and not p.name.startswith(".")
    ]


def _validator_language(
    location: Path,
    names: Sequence[str],
    languages: Sequence[LanguageConfig],
    language_id: str | None,
) -> LanguageConfig:
    if language_id is not None:
        language = next((c for c in languages if c.id == language_id), None)
        if language is None:
            raise ValidatorError(f"output validator language {language_id!r} is not available")
        return language
    # Enabled languages first, but a language closed to teams may still build a validator.
    ordered = sorted(languages, key=lambda c: not c.enabled)
    found = {c.id: c for n in names if (c := _language_of(n, ordered)) is not None}
    if len(found) > 1:  # several languages: the one of a file named like a validator's main
        mains = [n for n in names if PurePosixPath(n).stem in MAIN_STEMS]
        found = {c.id: c for n in mains if (c := _language_of(n, ordered)) is not None}
    if len(found) != 1:
        shown = ", ".join(names) or "none"
        raise ValidatorError(
            f"output validator {location}: need the files of one language, found {shown}"
        )
    return next(iter(found.values()))


def _language_of(name: str, ordered: Sequence[LanguageConfig]) -> LanguageConfig | None:
    return next((c for c in ordered if c.matches(name)), None)


def build_validator(
    sandbox: Sandbox,
    location: Path,
    languages: Sequence[LanguageConfig],
    workdir: Path,
    language_id: str | None = None,
    constants: Constants = (),
) -> ValidatorProgram:
    """Lay out the validator's directory (every file: headers such as testlib.h, modules) and
    build it in the sandbox by the compile step of submissions: its build script, or every
    file of its language compiled together, its entry point run."""
    language, chosen = find_program(location, languages, language_id)
    values = _values(language, chosen.entry) | {
        "name": chosen.name,
        "exe": language.exe.replace("{name}", chosen.name),
    }
    command = language.compile_command or None
    if language is SCRIPTS and not _has_build(location):
        command = None
    sources = Sources(
        write=functools.partial(_lay_out, location, constants),
        command=command,
        values=values,
        warnings_are_errors=language.warnings_are_errors,
        program=chosen.entry if language is SCRIPTS else expected_program(language, values),
        compile_values=values | {"source": chosen.compile_source},
    )
    build = compile_sources(sandbox, language, sources, workdir / "validator", None)
    if build.report is not None and not build.report.ok:
        raise ValidatorError(f"output validator does not compile: {build.report.output}")
    if language is SCRIPTS and not (build.directory / "run").is_file():
        raise ValidatorError(f"output validator {location}: no run file after build")
    return ValidatorProgram(language, chosen.entry, build.directory, values)


def _has_build(location: Path) -> bool:
    return (location / "build").is_file()


def _lay_out(location: Path, constants: Constants, directory: Path) -> None:
    if location.is_dir():
        shutil.copytree(location, directory, symlinks=False, dirs_exist_ok=True)
        for script in ("build", "run"):  # the format: they must be executable; be lenient
            path = directory / script
            if path.is_file():
                path.chmod(path.stat().st_mode | 0o755)
    else:
        shutil.copyfile(location, directory / location.name)
    if constants:  # the format substitutes them in the validator's files
        for path in directory.rglob("*"):
            if path.is_file():
                path.write_bytes(substitute_constants(path.read_bytes(), constants))


def _values(language: LanguageConfig, source_name: str) -> dict[str, str]:
    return registry.variables(language, source=source_name, workdir=BOX_DIR, memory_mb=MEMORY_MB)


class CustomChecker:
    """Runs one compiled validator for every output of a submission, in one session."""

    def __init__(
        self,
        sandbox: Sandbox,
        program: ValidatorProgram,
        flags: Sequence[str],
        workdir: Path,
        limits: Limits = VALIDATOR_LIMITS,
    ) -> None:
        self._program = program
        self._flags = tuple(flags)
        self._limits = limits
        self._judge_dir = workdir / "validator-judge"
        self._feedback_dir = workdir / "validator-feedback"
        self._logs = workdir
        for directory in (self._judge_dir, self._feedback_dir):
            directory.mkdir(parents=True, exist_ok=True)
            # The box may run the validator as another user: it must read and write these.
            directory.chmod(0o777)
        spec = SessionSpec(
            mounts=(
                Mount(self._judge_dir, JUDGE_DIR),
                Mount(self._feedback_dir, FEEDBACK_DIR, writable=True),
            ),
            workdir=BOX_DIR,
            workdir_size_bytes=COMPILE_WORKDIR_BYTES,
            seed_dir=program.directory,
            seccomp=False,
        )
        self._stack = ExitStack()
        self._session = self._stack.enter_context(sandbox.session(spec))

    def check(
        self,
        *,
        input: Path,
        answer: Path,
        output: Path,
        flags: Sequence[str] | None = None,
        keep_feedback: bool = False,
    ) -> CheckResult:
        """`flags`: the test's validator arguments (its group's), else the problem's.
        `keep_feedback`: a later pass of a multi-pass test, whose feedback directory persists
        (the format: every file in it but nextpass.in lasts from pass to pass)."""
        self._prepare_files(input, answer, keep_feedback)
        result = self._session.run(self._request(output, self._flags if flags is None else flags))
        return self.judged(result)

    def judged(self, result: RunResult) -> CheckResult:
        """The verdict of a finished validator run (42 or 43); ValidatorError otherwise."""
        message = self._judge_message()
        if result.signal is None and result.exit_code in (EXIT_ACCEPT, EXIT_REJECT):
            score, multiplier = read_scores(self._feedback_dir)
            accepted = result.exit_code == EXIT_ACCEPT
            classification = Classification.ACCEPTED if accepted else Classification.WRONG_ANSWER
            return CheckResult(classification, message, score, multiplier)
        raise ValidatorError(self._failure(result, message))

    @property
    def session(self) -> Session:
        return self._session

    def interaction(
        self,
        *,
        input: Path,
        answer: Path,
        stdin_fd: int,
        stdout_fd: int,
        flags: Sequence[str] | None = None,
        keep_feedback: bool = False,
    ) -> RunRequest:
        """The validator's run as an interactor (graders/interactive.py): the same files and
        arguments, its stdin and stdout the given pipe ends (which the session takes over).
        Run it on `session`, then `judged()` its result. `keep_feedback` as for check()."""
        self._prepare_files(input, answer, keep_feedback)
        request = self._request(Path(os.devnull), self._flags if flags is None else flags)
        return replace(request, stdin=None, stdout=None, stdin_fd=stdin_fd, stdout_fd=stdout_fd)

    def close(self) -> None:
        self._stack.close()

    def take_next_pass(self, target: Path) -> bool:
        """Move the last check's FEEDBACK_DIR/nextpass.in to `target` (a multi-pass problem's
        next input; the format removes it before the next pass); False: none was written."""
        written = self._feedback_dir / NEXT_PASS_FILE
        if written.is_symlink() or (written.exists() and not written.is_file()):
            raise ValidatorError(f"the output validator's {NEXT_PASS_FILE} is not a file")
        if not written.exists():
            return False
        shutil.move(written, target)
        return True

    def _prepare_files(self, input: Path, answer: Path, keep_feedback: bool = False) -> None:
        cleared = (self._judge_dir,) if keep_feedback else (self._judge_dir, self._feedback_dir)
        for directory in cleared:
            for old in directory.iterdir():
                if old.is_dir() and not old.is_symlink():
                    shutil.rmtree(old)
                else:
                    old.unlink()
        _place(input, self._judge_dir / "input")
        _place(answer, self._judge_dir / "answer")

    def _request(self, output: Path, flags: Sequence[str]) -> RunRequest:
        program = self._program
        values = program.values or _values(program.language, program.source_name)
        argv = substitute(program.language.run_command, values)
        argv += [f"{JUDGE_DIR}/input", f"{JUDGE_DIR}/answer", f"{FEEDBACK_DIR}/", *flags]
        overhead = (
            0 if program.language.address_space_limit else program.language.memory_overhead_mb
        )
        limits = replace(
            self._limits,
            memory_kib=self._limits.memory_kib + overhead * 1024,
            address_space_limit=program.language.address_space_limit,
        )
        return RunRequest(
            argv=argv,
            limits=limits,
            stdin=output,
            stdout=self._logs / "validator.out",
            stderr=self._logs / "validator.err",
            env=box_env(program.language),
        )

    def _judge_message(self) -> str:
        path = self._feedback_dir / "judgemessage.txt"
        return text(head(path, MESSAGE_BYTES + 1), MESSAGE_BYTES).rstrip("\n")

    def _failure(self, result: RunResult, message: str) -> str:
        if result.cpu_limit_hit or result.wall_limit_hit:
            what = f"exceeded its time limit ({self._limits.cpu_ms} ms CPU)"
        elif result.memory_limit_hit:
            what = f"exceeded its memory limit ({self._limits.memory_kib // 1024} MiB)"
        elif result.signal is not None:
            what = f"was killed by signal {result.signal}"
        else:
            what = f"exited with code {result.exit_code} (expected {EXIT_ACCEPT} or {EXIT_REJECT})"
        details = [f"output validator {what}"]
        stderr = text(tail(self._logs / "validator.err")).strip()
        if stderr:
            details.append(f"stderr:\n{stderr}")
        if message:
            details.append(f"judgemessage.txt:\n{message}")
        return "\n".join(details)


def _place(source: Path, target: Path) -> None:
    """Make a test file visible in the judge directory without copying big answers when a
    hard link will do (only if everyone may read it: the box may see it as another user)."""
    try:
        if source.stat().st_mode & stat.S_IROTH:
            os.link(source, target)
            return
    except OSError:
        pass  # another file system: copy
    shutil.copyfile(source, target)
    target.chmod(0o644)


def prepare(
    sandbox: Sandbox,
    location: Path,
    languages: Sequence[LanguageConfig],
    flags: Sequence[str],
    workdir: Path,
    language_id: str | None = None,
    limits: Limits = VALIDATOR_LIMITS,
    constants: Constants = (),
) -> CustomChecker:
    """Compile the validator once; the checker then checks every output of a submission."""
    program = build_validator(sandbox, location, languages, workdir, language_id, constants)
    return CustomChecker(sandbox, program, flags, workdir, limits)
