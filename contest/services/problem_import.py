"""Importing a Kattis/ICPC problem package (a folder or a zip) into a contest.

The engine reads the package (limits, tests, validation), with the contest's package defaults
for the limits it leaves to the system; this module stores everything it read, so that
contest.testdata.engine_problem() rebuilds the same Problem from the database: test files as
content-addressed Blobs, each test's validator flags, arguments and .files (a zip Blob), the
output validator's directory and include/ as zip Blobs, the number grammar, constants and
languages, and the statement (Markdown) and its PDF. Everything is written in one
transaction; importing the same letter again replaces the problem's data in place (its
submissions stay, rejudge them).
"""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction

from contest import juiz
from contest.engine import engine_kit
from contest.models import Blob, Contest, Problem, TestCase, Validation
from contest.test_groups import replace_groups
from contest.testdata import store_zip, zip_directory
from judging.model import Problem as EngineProblem
from judging.model import TestCase as EngineTestCase
from judging.problem.archive import ZipLimits, extract_package
from judging.problem.calibration import CachingCalibrator
from judging.problem.errors import PackageError
from judging.problem.package import SystemLimits, load_package
from judging.sandbox import SandboxUnavailable

__all__ = ["PackageError", "Progress", "import_package", "opened_package", "zip_limits"]

Progress = Callable[[str], None]  # told each step, e.g. "storing test 3 of 40"

STATEMENT_DIRS = ("statement", "problem_statement", ".")
MARKDOWN_NAMES = ("problem.en.md", "problem.md")
PDF_NAMES = ("problem.en.pdf", "problem.pdf")


def import_package(
    contest: Contest,
    letter: str,
    path_or_zip: str | Path,
    *,
    time_limit_s: float | None = None,
    progress: Progress = lambda step: None,
    calibrator: CachingCalibrator | None = None,
) -> Problem:
    """Import the package (a folder or a zip); raises PackageError (a message for the author)
    when it is invalid.

    Without a time limit in the package (or `time_limit_s`), the engine calibrates one by
    running the package's accepted submissions, which needs the sandbox.
    """
    with opened_package(Path(path_or_zip), progress) as root:
        return import_package_dir(
            contest,
            letter,
            root,
            time_limit_s=time_limit_s,
            progress=progress,
            calibrator=calibrator,
        )


def import_package_dir(
    contest: Contest,
    letter: str,
    root: Path,
    *,
    time_limit_s: float | None = None,
    progress: Progress = lambda step: None,
    calibrator: CachingCalibrator | None = None,
) -> Problem:
    """Import the package folder `root` (see import_package)."""
    calibrate = calibrator or CachingCalibrator(kit=engine_kit())
    progress("reading the package")
    with _calibration_needs_sandbox():
        loaded = load_package(
            root,
            time_limit_override=time_limit_s,
            calibrate=calibrate,
            system_limits=package_defaults(contest),
        )
    return _store(contest, letter, loaded, root, progress)


def package_defaults(contest: Contest) -> SystemLimits:
    """What the contest grants where a package leaves a limit to the system."""
    return SystemLimits(
        memory_mb=contest.package_memory_mb,
        output_kib=contest.package_output_kib,
        source_size_kib=contest.package_code_kib,
    )


def zip_limits() -> ZipLimits:
    """The caps on an uploaded zip, from the settings."""
    mib = 1024**2
    return ZipLimits(
        max_bytes=settings.JUIZ_PACKAGE_MAX_MIB * mib,
        max_files=settings.JUIZ_PACKAGE_MAX_FILES,
        max_file_bytes=settings.JUIZ_PACKAGE_FILE_MAX_MIB * mib,
    )


@contextlib.contextmanager
def opened_package(path: Path, progress: Progress = lambda step: None) -> Iterator[Path]:
    """The package's folder: `path` itself, or a zip extracted (within zip_limits()) into a
    temporary folder that is removed afterwards."""
    if not path.is_file():
        yield path.resolve()
        return
    progress("extracting the zip")
    with tempfile.TemporaryDirectory(prefix="juiz-import-") as tmp:
        yield extract_package(path, Path(tmp) / "pkg", zip_limits())


@contextlib.contextmanager
def _calibration_needs_sandbox() -> Iterator[None]:
    """A package without a time limit is calibrated by judging its accepted submissions; on a
    machine without the sandbox that is the author's to fix (give a limit), not a crash."""
    try:
        yield
    except SandboxUnavailable as error:
        raise PackageError(
            "the package fixes no time limit and calibrating one needs the sandbox, which is "
            f"not available here ({error}); give a time limit to import it"
        ) from error


def _store(
    contest: Contest, letter: str, loaded: EngineProblem, root: Path, progress: Progress
) -> Problem:
    if not loaded.tests:
        raise PackageError("the package has no test cases (data/secret/*.in with .ans)")
    with transaction.atomic():
        problem, _ = Problem.objects.get_or_create(
            contest=contest, letter=letter, defaults={"name": loaded.name}
        )
        _apply_settings(problem, loaded)
        juiz.apply_package(problem, loaded, root)  # stages, model solution (juiz.yaml)
        _apply_statement(problem, root)
        problem.save()
        replace_groups(problem, loaded.groups)  # a scoring problem's groups and points
        problem.tests.all().delete()
        TestCase.objects.bulk_create(_stored_tests(problem, loaded, progress))
    return problem


def _stored_tests(
    problem: Problem, loaded: EngineProblem, progress: Progress
) -> Iterator[TestCase]:
    count = len(loaded.tests)
    for order, test in enumerate(loaded.tests, start=1):
        progress(f"storing test {order} of {count}")
        yield test_row(problem, order, test, loaded.validation.flags)


def test_row(
    problem: Problem, order: int, test: EngineTestCase, problem_flags: tuple[str, ...]
) -> TestCase:
    """The unsaved row of one test the engine read, its files stored as Blobs: what the
    package import and a test-data replacement store alike."""
    return TestCase(
        problem=problem,
        order=order,
        name=test.name,
        input=Blob.store_file(test.input),
        # A test the model solution answers has no answer until it runs (answers.py).
        answer=Blob.store_file(test.answer) if test.answer.is_file() else Blob.store(b""),
        sample=test.sample,
        validator_flags=_own_flags(test, problem_flags),
        args=list(test.args),
        files=store_zip([("", test.files_dir)]) if test.files_dir is not None else None,
        answer_generated=test.answer_generated,
    )


def _own_flags(test: EngineTestCase, problem_flags: tuple[str, ...]) -> list[str] | None:
    """The test's flags, or None where they are the problem's: the jury's edit of the
    problem's flags then applies to every test that shares them."""
    if test.validator_flags is None or test.validator_flags == problem_flags:
        return None
    return list(test.validator_flags)


def _apply_settings(problem: Problem, loaded: EngineProblem) -> None:
    problem.name = loaded.name
    problem.time_limit_s = loaded.time_limit_s
    problem.time_limit_source = loaded.time_limit_source
    problem.memory_mb = loaded.memory_mb
    problem.output_kib = loaded.output_kib
    problem.source_size_kib = loaded.source_size_kib
    validation = loaded.validation
    problem.validation = Validation.CUSTOM if validation.kind == "custom" else Validation.KATTIS
    problem.validator_flags = _problem_flags(validation.flags)
    problem.meaningful_characters = ""
    problem.validator = None
    if validation.kind == "custom" and validation.validator_dir is not None:
        # Stored as the package has it: the engine substitutes the constants when it builds
        # the validator (judging/checkers/custom.py), from the constants stored below.
        problem.validator = Blob.store(zip_directory(validation.validator_dir))
    problem.number_grammar = validation.number_grammar
    problem.constants = [list(pair) for pair in loaded.constants]
    problem.includes = store_zip(loaded.includes) if loaded.includes else None
    problem.languages = list(loaded.languages) if loaded.languages is not None else None
    problem.defaulted_limits = list(loaded.defaulted)
    problem.allow_file_writing = loaded.allow_file_writing
    problem.validation_passes = loaded.validation_passes
    problem.interactions = [list(pair) for pair in loaded.interactions]  # for the statement
    problem.types = sorted(loaded.types)  # what the engine's graders dispatch on


def _problem_flags(flags: tuple[str, ...]) -> str:
    joined = " ".join(flags)
    limit = Problem._meta.get_field("validator_flags").max_length or 0
    if len(joined) > limit:  # a package error, not the database's
        raise PackageError(f"the validator flags {joined[:40]!r}... are over {limit} characters")
    return joined


def _apply_statement(problem: Problem, root: Path) -> None:
    markdown = _first(root, MARKDOWN_NAMES)
    if markdown is not None:
        problem.statement = markdown.read_text(encoding="utf-8", errors="replace")
    pdf = _first(root, PDF_NAMES)
    if pdf is not None:
        problem.statement_pdf.save(
            f"{problem.contest.short_name}-{problem.letter}.pdf",
            ContentFile(pdf.read_bytes()),
            save=False,
        )


def _first(root: Path, names: tuple[str, ...]) -> Path | None:
    for folder in STATEMENT_DIRS:
        for name in names:
            candidate = root / folder / name
            if candidate.is_file():
                return candidate
    return None
