"""Test data on the worker's disk, cached by content hash, and the engine's view of a problem.

Blobs live in the database (so a worker needs only DATABASE_URL); each worker keeps a copy of
every blob it used under JUIZ_CACHE_DIR/blobs/<sha256>. Files are written to a temporary name
and renamed, so a worker killed mid-write never leaves a truncated file under the final name,
and a file is only trusted after its hash was checked once.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import io
import os
import shutil
import tempfile
import zipfile
from collections.abc import Sequence
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, BinaryIO

from django.conf import settings

from contest.juiz_engine import engine_fields
from contest.models import Blob, TestGroup
from contest.models import Problem as ProblemRow
from contest.models import TestCase as TestCaseRow
from contest.models.blob import READ_BYTES
from contest.test_groups import group_specs
from judging.model import OutputValidation
from judging.model import Problem as EngineProblem
from judging.model import TestCase as EngineTestCase

if TYPE_CHECKING:
    from judging.functions.casefile import FunctionProblem


class CorruptBlob(Exception):
    """The database's bytes do not match their hash: an infrastructure failure."""


def cache_dir() -> Path:
    return Path(settings.JUIZ_CACHE_DIR)


def blob_path(sha256: str) -> Path:
    """The local path of a blob's content, fetched from the database when not cached."""
    path = cache_dir() / "blobs" / sha256
    if not path.is_file():
        _fetch(Blob.objects.get(sha256=sha256), path)
    return path


def _fetch(blob: Blob, path: Path) -> None:
    """Stream the blob's chunks to a temporary file, check the hash, then rename it into
    place: a worker killed mid-write never leaves a truncated file under the final name."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    try:
        digest = hashlib.sha256()
        with os.fdopen(fd, "wb") as out:
            for chunk in blob.chunks():
                digest.update(chunk)
                out.write(chunk)
            out.flush()
            os.fsync(out.fileno())
        if digest.hexdigest() != blob.sha256:
            raise CorruptBlob(f"blob {blob.sha256} does not match its hash")
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def unpacked_dir(sha256: str) -> Path:
    """A zip blob (a validator's directory, a test's .files, a problem's include/) unpacked
    once under JUIZ_CACHE_DIR/unpacked/<sha256>."""
    target = cache_dir() / "unpacked" / sha256
    if target.is_dir():
        return target
    archive = blob_path(sha256)  # read from the cached file: the zip is never held whole
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=target.parent, prefix=".tmp-"))
    try:
        _extract(archive, tmp)
        os.replace(tmp, target)
    except OSError:
        # Another process unpacked it first: theirs is as good as ours.
        shutil.rmtree(tmp, ignore_errors=True)
        if not target.is_dir():
            raise
    return target


def _extract(source: Path, dest: Path) -> None:
    with zipfile.ZipFile(source) as archive:
        for info in archive.infolist():
            # Refuse absolute paths and "..": a zip is admin input, but cheap to check.
            name = Path(info.filename)
            if name.is_absolute() or ".." in name.parts:
                raise CorruptBlob(f"unsafe path in a stored zip: {info.filename}")
            archive.extract(info, dest)
            mode = info.external_attr >> 16
            if mode and not info.is_dir():
                os.chmod(dest / name, mode & 0o777)


Folders = Sequence[tuple[str, Path]]  # (name in the zip, "" for its root; directory)


def zip_directory(directory: Path) -> bytes:
    """A deterministic zip of a directory (sorted names, fixed times), keeping file modes, so
    the same directory always gives the same blob hash."""
    buffer = io.BytesIO()
    write_zip([("", directory)], buffer)
    return buffer.getvalue()


def store_zip(folders: Folders) -> Blob:
    """The deterministic zip of `folders` (each under its name) stored as a Blob, written to a
    temporary file and stored a chunk at a time: a test's .files may be large."""
    with tempfile.TemporaryDirectory(prefix="juiz-zip-") as tmp:
        path = Path(tmp) / "folders.zip"
        with path.open("wb") as out:
            write_zip(folders, out)
        return Blob.store_file(path)


def write_zip(folders: Folders, out: BinaryIO) -> None:
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for prefix, directory in folders:
            for path in sorted(p for p in directory.rglob("*") if p.is_file()):
                name = PurePosixPath(prefix, path.relative_to(directory).as_posix())
                info = zipfile.ZipInfo(str(name), date_time=(1980, 1, 1, 0, 0, 0))
                stat = path.stat()
                info.external_attr = (stat.st_mode & 0o777 | 0o100000) << 16
                info.file_size = stat.st_size  # a file above 2 GiB then gets ZIP64 headers
                info.compress_type = zipfile.ZIP_DEFLATED
                with path.open("rb") as src, archive.open(info, "w") as dst:
                    shutil.copyfileobj(src, dst, READ_BYTES)


def engine_problem(problem: ProblemRow) -> EngineProblem:
    """The engine's view of a problem from the database, its files from the local cache: for
    an imported package, the Problem load_package() read (docs/packages.md, "Importing into
    the web app")."""
    constants = tuple((str(name), str(value)) for name, value in problem.constants)
    validation = OutputValidation(
        kind=problem.validation,
        flags=tuple(problem.validator_flags.split()),
        meaningful=problem.meaningful_characters or None,
        validator_dir=unpacked_dir(problem.validator_id) if problem.validator_id else None,
        number_grammar=problem.number_grammar,
        constants=constants,
    )
    return EngineProblem(
        id=f"{problem.contest.short_name}/{problem.letter}",
        name=problem.name,
        time_limit_s=problem.time_limit_s,
        memory_mb=problem.memory_mb,
        output_kib=problem.output_kib,
        tests=[_engine_test(test) for test in problem.tests.order_by("order")],
        validation=validation,
        time_limit_source=problem.time_limit_source,
        source_size_kib=problem.source_size_kib,
        defaulted=tuple(problem.defaulted_limits),
        includes=_includes(problem.includes_id),
        constants=constants,
        languages=tuple(problem.languages) if problem.languages is not None else None,
        types=frozenset(problem.types or ("pass-fail",)),
        allow_file_writing=problem.allow_file_writing,
        validation_passes=problem.validation_passes,
        interactions=tuple((str(name), str(text)) for name, text in problem.interactions),
        groups=group_specs(TestGroup.objects.filter(problem=problem).order_by("order")),
        **engine_fields(problem, unpacked_dir),  # generated answers, stages (contest/juiz.py)
    )


def _engine_test(test: TestCaseRow) -> EngineTestCase:
    flags = test.validator_flags
    return EngineTestCase(
        name=test.name,
        input=blob_path(test.input_id),
        answer=blob_path(test.answer_id),
        sample=test.sample,
        validator_flags=tuple(flags) if flags is not None else None,
        args=tuple(test.args),
        files_dir=unpacked_dir(test.files_id) if test.files_id else None,
        answer_generated=test.answer_generated,
    )


def _includes(sha256: str | None) -> tuple[tuple[str, Path], ...]:
    """The include/ zip's top folders (a language id, or "default") with their files."""
    if sha256 is None:
        return ()
    root = unpacked_dir(sha256)
    return tuple((p.name, p) for p in sorted(root.iterdir()) if p.is_dir())


@functools.lru_cache(maxsize=32)
def _case_file(sha256: str) -> FunctionProblem:
    """Parsed once per process: a changed case file is a new hash."""
    from judging.functions import casefile

    return casefile.load(blob_path(sha256))


def function_problem(problem: ProblemRow) -> FunctionProblem:
    """The engine's view of a function problem: its case file with the limits as the jury set
    them (imported from the manifest, editable like a stdin problem's) and, for a problem a
    validator judges, the validator's file, all from the local cache."""
    if problem.case_file_id is None:
        raise ValueError(f"function problem {problem} has no case file")
    validator = blob_path(problem.function_validator_id) if problem.function_validator_id else None
    return dataclasses.replace(
        _case_file(problem.case_file_id),
        time_limit_s=problem.time_limit_s,
        memory_mb=problem.memory_mb,
        source_size_kib=problem.source_size_kib,
        validator_file=validator,
    )
