"""The standard grader: a stdin/stdout program run on every test case, its output checked by
the problem's checker (docs/judging.md, "Dynamic analysis").

A single file is named as the language wants it in the box (Java: its public class) and
compiled with the language's own command; its run command then runs once per test. A
submission of several files, or one the problem adds included files to (include/<language>/),
keeps its files' names, and its language's entry point decides what compiles and what runs
(judging/languages/entry.py).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from judging.checkers import checker_for
from judging.constants import Constants, substitute
from judging.graders.batch import (
    Progress,
    RunSetup,
    TestsOutcome,
    missing_test_data,
    run_tests,
    tests_report,
)
from judging.graders.failures import requires_reevaluation
from judging.kit import Kit
from judging.languages import entry, registry
from judging.languages.base import LanguageConfig
from judging.model import Problem
from judging.report import Report
from judging.sandbox.base import Limits, Sandbox
from judging.scoring import skip_rule
from judging.steps.box import (
    BOX_DIR,
    COMPILE_HOME,
    ConfigurationError,
    box_env,
    fill,
    language_mounts,
)
from judging.steps.compile import Build, BuildRefused, Sources, expected_program
from judging.steps.limits import run_limits
from judging.submission import Submission, SubmissionFile


@dataclass(frozen=True)
class JudgeOptions:
    # Mooshak runs every test; False stops at the first test not accepted and reports the
    # rest as Evaluation Skipped.
    run_all_tests: bool = True


@dataclass(frozen=True)
class StandardGrader:
    problem: Problem
    languages: tuple[LanguageConfig, ...]  # the contest's: an output validator may need one
    kit: Kit | None = None  # TypeScript compiles with the kit's tsc
    options: JudgeOptions = JudgeOptions()
    progress: Progress | None = None
    entrypoint: str | None = None  # submissions.yaml's entrypoint, or the team's choice

    def limits(self, language: LanguageConfig) -> Limits:
        problem = self.problem
        output_bytes = problem.output_kib * 1024
        return run_limits(
            problem.time_limit_s, problem.memory_mb, language, output_bytes=output_bytes
        )

    def prepare(self, language: LanguageConfig, submission: Submission) -> Sources:
        include = self.problem.include_dir(language.id)
        single = submission.single
        if single is not None and include is None and self.entrypoint is None:
            return self._one_file(language, single.source)
        return self._program(language, submission, include)

    def _one_file(self, language: LanguageConfig, source: bytes) -> Sources:
        name = box_source_name(language, source)
        values = registry.variables(
            language, source=name, workdir=BOX_DIR, memory_mb=self.problem.memory_mb
        )
        if language.id == "java":
            values = values | {"name": _java_main_class(language, name, source)}
        return Sources(
            write=functools.partial(_write, name, source),
            command=language.compile_command or None,
            values=values,
            warnings_are_errors=language.warnings_are_errors,
            program=expected_program(language, values),
        )

    def _program(
        self, language: LanguageConfig, submission: Submission, include: Path | None
    ) -> Sources:
        files = laid_out_files(language, submission, include, self.problem.constants)
        included = included_names(include)
        try:
            chosen = entry.program(
                language, files, submission.name, entrypoint=self.entrypoint, included=included
            )
        except entry.EntryError as error:
            raise BuildRefused(str(error)) from None
        memory = self.problem.memory_mb
        values = registry.variables(
            language, source=chosen.entry, workdir=BOX_DIR, memory_mb=memory
        )
        values |= {"name": chosen.name, "exe": language.exe.replace("{name}", chosen.name)}
        return Sources(
            write=functools.partial(_write_all, files),
            command=language.compile_command or None,
            values=values,
            warnings_are_errors=language.warnings_are_errors,
            program=expected_program(language, values),
            compile_values=values | {"source": chosen.compile_source},
        )

    def execute(self, sandbox: Sandbox, build: Build, workspace: Path) -> Report:
        missing = missing_test_data(self.problem)
        if missing is not None:
            return requires_reevaluation(build.language, missing, build)
        limits = self.limits(build.language)
        outcome = self._run_tests(sandbox, build, limits, workspace)
        return tests_report(self.problem, build, limits, outcome.tests, outcome.warnings)

    def _run_tests(
        self, sandbox: Sandbox, build: Build, limits: Limits, workspace: Path
    ) -> TestsOutcome:
        language = build.language
        argv = fill(language, language.run_command, build.values)
        env = box_env(language)
        if not self.problem.allow_file_writing:
            env["HOME"] = COMPILE_HOME  # runtimes' caches in HOME go to /tmp, still writable
        mounts = language_mounts(language)
        setup = RunSetup(argv, env, limits, self.problem.allow_file_writing, mounts)
        (workspace / "checker").mkdir()
        (workspace / "out").mkdir()
        checker = checker_for(
            self.problem.validation,
            sandbox=sandbox,
            languages=self.languages,
            workdir=workspace / "checker",
        )
        try:
            return run_tests(
                sandbox,
                build,
                setup,
                self.problem.tests,
                checker,
                workspace / "out",
                run_all=self.options.run_all_tests,
                progress=self.progress,
                skip=skip_rule(self.problem, self.options.run_all_tests)
                if self.problem.groups
                else None,
            )
        finally:
            checker.close()


def box_source_name(language: LanguageConfig, source: bytes) -> str:
    try:
        name = language.source_file_name("", source)
    except (KeyError, ValueError, IndexError) as error:
        raise ConfigurationError(
            f"language {language.id}: source name {language.source_name!r}: {error}"
        ) from None
    if not name or "/" in name or name in (".", ".."):
        raise ConfigurationError(f"language {language.id}: unusable source name {name!r}")
    return name


def _write(name: str, source: bytes, directory: Path) -> None:
    (directory / name).write_bytes(source)


def laid_out_files(
    language: LanguageConfig,
    submission: Submission,
    include: Path | None,
    constants: Constants = (),
) -> tuple[SubmissionFile, ...]:
    """The files of the box: the submission's, then the included ones over them (the format:
    included files overwrite the submission's of the same name; the package's constants are
    substituted in them). A lone Java file is named after its class, as javac wants."""
    files = {f.filename: f for f in submission.files}
    single = submission.single
    if single is not None:
        # Its own base name (a team's file name is not a path), but Java's is its class's.
        name = PurePosixPath(single.filename.replace("\\", "/")).name
        if "{class}" in language.source_name or not language.matches(name):
            name = box_source_name(language, single.source)
        files = {name: SubmissionFile(name, single.source)}
    if include is not None:
        for path in sorted(include.rglob("*")):
            if path.is_file() and not path.name.startswith("."):
                name = path.relative_to(include).as_posix()
                data = substitute(path.read_bytes(), constants)
                files[name] = SubmissionFile(name, data)
    return tuple(files.values())


def included_names(include: Path | None) -> tuple[str, ...]:
    if include is None:
        return ()
    return tuple(p.relative_to(include).as_posix() for p in include.rglob("*") if p.is_file())


def _write_all(files: tuple[SubmissionFile, ...], directory: Path) -> None:
    for file in files:
        target = directory / file.filename
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(file.source)


def _java_main_class(language: LanguageConfig, filename: str, source: bytes) -> str:
    """The class `java` starts: the one declaring main(), with its package (`package bin;`
    makes it bin.Main); a source where no class declares main() cannot be built."""
    try:
        return entry.program(language, [SubmissionFile(filename, source)], filename).name
    except entry.EntryError as error:
        raise BuildRefused(str(error)) from None
