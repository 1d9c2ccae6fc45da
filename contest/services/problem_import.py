"""Importing a Kattis/ICPC problem package (a folder or a zip) into a contest.

The engine reads the package (limits, tests, validation); this module stores what it read:
test files as content-addressed Blobs, the output validator's directory as a zip Blob, the
statement (Markdown) and its PDF. Everything is written in one transaction; importing the same
letter again replaces the problem's data in place (its submissions stay, rejudge them).
"""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Iterator
from pathlib import Path

from django.core.files.base import ContentFile
from django.db import transaction

from contest.engine import engine_kit
from contest.models import Blob, Contest, Problem, TestCase, Validation
from contest.testdata import zip_directory
from judging.model import Problem as EngineProblem
from judging.problem.calibration import CachingCalibrator
from judging.problem.errors import PackageError
from judging.problem.package import load_package, load_package_zip
from judging.sandbox import SandboxUnavailable

__all__ = ["PackageError", "import_package"]

STATEMENT_DIRS = ("statement", "problem_statement", ".")
MARKDOWN_NAMES = ("problem.en.md", "problem.md")
PDF_NAMES = ("problem.en.pdf", "problem.pdf")


def import_package(
    contest: Contest,
    letter: str,
    path_or_zip: str | Path,
    *,
    time_limit_s: float | None = None,
) -> Problem:
    """Import the package; raises PackageError (a message for the author) when it is invalid.

    Without a time limit in the package (or `time_limit_s`), the engine calibrates one by
    running the package's accepted submissions, which needs the sandbox.
    """
    path = Path(path_or_zip)
    calibrate = CachingCalibrator(kit=engine_kit())
    with _calibration_needs_sandbox():
        if path.is_file():
            with tempfile.TemporaryDirectory(prefix="juiz-import-") as tmp:
                extracted = Path(tmp) / "pkg"
                loaded = load_package_zip(
                    path, extracted, time_limit_override=time_limit_s, calibrate=calibrate
                )
                return _store(contest, letter, loaded, _package_root(loaded, extracted))
        loaded = load_package(path, time_limit_override=time_limit_s, calibrate=calibrate)
    return _store(contest, letter, loaded, path.resolve())


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


def _package_root(loaded: EngineProblem, extracted: Path) -> Path:
    """Where the package landed inside the extraction directory (found via a test file)."""
    if loaded.tests:
        for parent in loaded.tests[0].input.resolve().parents:
            if (parent / "problem.yaml").is_file():
                return parent
    candidates = sorted(extracted.rglob("problem.yaml"), key=lambda p: len(p.parts))
    if not candidates:
        raise PackageError("no problem.yaml found in the zip")
    return candidates[0].parent


def _store(contest: Contest, letter: str, loaded: EngineProblem, root: Path) -> Problem:
    if not loaded.tests:
        raise PackageError("the package has no test cases (data/secret/*.in with .ans)")
    with transaction.atomic():
        problem, _ = Problem.objects.get_or_create(
            contest=contest, letter=letter, defaults={"name": loaded.name}
        )
        _apply_settings(problem, loaded)
        _apply_statement(problem, root)
        problem.save()
        problem.tests.all().delete()
        TestCase.objects.bulk_create(
            TestCase(
                problem=problem,
                order=order,
                name=test.name,
                input=Blob.store_file(test.input),
                answer=Blob.store_file(test.answer),
                sample=test.sample,
            )
            for order, test in enumerate(loaded.tests, start=1)
        )
    return problem


def _apply_settings(problem: Problem, loaded: EngineProblem) -> None:
    problem.name = loaded.name
    problem.time_limit_s = loaded.time_limit_s
    problem.time_limit_source = loaded.time_limit_source
    problem.memory_mb = loaded.memory_mb
    problem.output_kib = loaded.output_kib
    problem.source_size_kib = loaded.source_size_kib
    validation = loaded.validation
    problem.validation = Validation.CUSTOM if validation.kind == "custom" else Validation.KATTIS
    problem.validator_flags = " ".join(validation.flags)
    problem.meaningful_characters = ""
    problem.validator = None
    if validation.kind == "custom" and validation.validator_dir is not None:
        problem.validator = Blob.store(zip_directory(validation.validator_dir))


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
