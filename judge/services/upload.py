"""The files of an upload: several files, or one zip holding a program of several files
(docs/web.md, "Submitting several files"). Each refusal is a ServiceError with a message for the
team; nothing is stored until every file passed.

    program_files   the (name, bytes) of an upload of one or more files (a lone .zip unpacked)
    files_of_zip    a zip's files: dot-files and __MACOSX/ skipped, one top folder removed

The names must be usable inside the judge's box (relative, no "..", printable), there are at most
MAX_FILES of them, and their total size is within the problem's code limit: a zip is read with
that cap, whatever its headers claim, so a zip bomb stops at the limit.
"""

from __future__ import annotations

import io
import zipfile
import zlib
from collections.abc import Sequence
from pathlib import PurePosixPath

from judge.errors import ServiceError

MAX_FILES = 100  # DOMjudge's default sourcefiles_limit
MAX_NAME = 255  # SourceFile.filename's column

Files = list[tuple[str, bytes]]


def program_files(uploads: Sequence[tuple[str, bytes]], limit_bytes: int) -> Files:
    """The files of an upload: a lone .zip is unpacked, other files are taken as they are."""
    if len(uploads) == 1 and uploads[0][0].lower().endswith(".zip"):
        return files_of_zip(uploads[0][1], limit_bytes)
    files = [(PurePosixPath(name.replace("\\", "/")).name, data) for name, data in uploads]
    check_files(files, limit_bytes)
    return files


def check_files(files: Sequence[tuple[str, bytes]], limit_bytes: int) -> None:
    if not files:
        raise ServiceError("empty", "The upload holds no file.")
    if len(files) > MAX_FILES:
        raise ServiceError(
            "too_many_files", f"The upload has {len(files)} files; at most {MAX_FILES} are taken."
        )
    names = [name for name, _ in files]
    for name in names:
        check_path(name)
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise ServiceError("duplicate_file", f"Two files are named {duplicates[0]!r}.")
    total = sum(len(data) for _, data in files)
    if total > limit_bytes:
        raise ServiceError(
            "too_large",
            f"The files have {total / 1024:.1f} KiB together; the limit for this problem is "
            f"{limit_bytes // 1024} KiB.",
        )
    if not any(data.strip() for _, data in files):
        raise ServiceError("empty", "Every file of the upload is empty.")


def check_path(name: str) -> None:
    """A file name inside the program: relative, without "..", printable, not too long."""
    path = PurePosixPath(name)
    if (
        not name
        or path.is_absolute()
        or "\\" in name
        or any(part in ("", ".", "..") for part in name.split("/"))
    ):
        raise ServiceError("bad_filename", f"The file name {name!r} is not usable in a program.")
    if not name.isprintable():
        raise ServiceError(
            "bad_filename", "File names must not contain line breaks or other control characters."
        )
    if len(name) > MAX_NAME:
        raise ServiceError(
            "bad_filename", f"A file name is too long (at most {MAX_NAME} characters)."
        )


def files_of_zip(data: bytes, limit_bytes: int) -> Files:
    """The files of a zip (see the module's docstring), read at most `limit_bytes` together."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = _members(archive)
            files = _read(archive, members, limit_bytes)
    # Corrupt, truncated, encrypted or oddly compressed archives surface as any of these.
    except (
        zipfile.BadZipFile,
        EOFError,
        NotImplementedError,
        RuntimeError,
        zlib.error,
        UnicodeDecodeError,  # a member name flagged UTF-8 that is not
    ) as exc:
        raise ServiceError("bad_zip", f"The zip file cannot be read: {exc}") from exc
    files = _without_top_folder(files)
    check_files(files, limit_bytes)
    return files


def _members(archive: zipfile.ZipFile) -> list[zipfile.ZipInfo]:
    members = [m for m in archive.infolist() if not m.is_dir()]
    for member in members:
        check_path(member.filename)  # before anything is read: no traversal, no odd names
    members = [m for m in members if not _skipped(m.filename)]
    if len(members) > MAX_FILES:
        raise ServiceError(
            "too_many_files",
            f"The zip holds {len(members)} files; at most {MAX_FILES} are taken.",
        )
    return members


def _skipped(name: str) -> bool:
    # What archivers add and no program needs: macOS's resource forks, dot-files (the format
    # skips those in a submission's directory too).
    parts = [p for p in name.split("/") if p]
    return not parts or parts[0] == "__MACOSX" or any(p.startswith(".") for p in parts)


def _read(archive: zipfile.ZipFile, members: list[zipfile.ZipInfo], limit_bytes: int) -> Files:
    files: Files = []
    left = limit_bytes
    for member in members:
        with archive.open(member) as handle:
            content = handle.read(left + 1)  # the headers' sizes may lie: read to the cap
        left -= len(content)
        if left < 0:
            raise ServiceError(
                "too_large",
                f"The zip's files exceed the problem's code limit of {limit_bytes // 1024} KiB.",
            )
        files.append((member.filename, content))
    return files


def _without_top_folder(files: Files) -> Files:
    """A zip of a folder (sol/main.py, sol/util.py) is the folder's files."""
    tops = {name.split("/", 1)[0] for name, _ in files}
    if len(tops) != 1 or not all("/" in name for name, _ in files):
        return files
    return [(name.split("/", 1)[1], data) for name, data in files]
