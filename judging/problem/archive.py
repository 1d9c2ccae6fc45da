"""Extracting a zipped package without trusting it.

A package zip comes from an upload, so every entry is checked before anything is written: no
absolute paths, no "..", no links or device files, no encryption, and caps on the number of
files, on each file's size and on the bytes actually written in all (counted while writing, not
taken from the sizes the archive claims: a zip bomb is stopped at the cap, not after it).
"""

from __future__ import annotations

import shutil
import stat
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import IO

from judging.problem.errors import PackageError

_CHUNK = 1 << 20
_JUNK = ("__MACOSX",)  # resource forks added by macOS's archiver


@dataclass(frozen=True)
class ZipLimits:
    max_bytes: int = 2 * 1024**3  # everything extracted, added up
    max_files: int = 100_000
    max_file_bytes: int = 2 * 1024**3  # any one file


def extract_package(archive: Path, dest: Path, limits: ZipLimits) -> Path:
    """Extract `archive` into `dest` (missing or empty); return the package's directory.

    A zip holding one top folder is that folder (the format's layout); a zip of the package's
    files themselves is extracted into dest/<zip name without extension>.
    """
    _check_empty(dest)
    try:
        with zipfile.ZipFile(archive) as zipped:
            entries = _checked_entries(zipped, limits)
            top = _top_folder(entries)
            root = dest if top else dest / (archive.stem or "package")
            _extract(zipped, entries, root, limits)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError) as exc:
        _clear(dest)
        raise PackageError(f"{archive.name}: not a readable zip file ({exc})") from None
    except BaseException:
        _clear(dest)  # dest was empty: nothing half-extracted is left behind
        raise
    return root / top if top else root


def _check_empty(dest: Path) -> None:
    if dest.exists() and (not dest.is_dir() or any(dest.iterdir())):
        raise PackageError(f"{dest}: extraction needs an empty directory")


def _checked_entries(
    zipped: zipfile.ZipFile, limits: ZipLimits
) -> list[tuple[zipfile.ZipInfo, PurePosixPath]]:
    entries = []
    for info in zipped.infolist():
        path = _safe_path(info.filename)
        if path is None:
            continue
        _check_kind(info)
        entries.append((info, path))
    if len(entries) > limits.max_files:
        raise PackageError(f"zip holds {len(entries)} entries, more than {limits.max_files}")
    declared = sum(info.file_size for info, _ in entries)
    if declared > limits.max_bytes:
        allowed, total = _size(limits.max_bytes), _size(declared)
        raise PackageError(f"zip would extract to {total}, more than the {allowed} allowed")
    for info, _ in entries:
        if info.file_size > limits.max_file_bytes:
            raise PackageError(_too_big(info.filename, info.file_size, limits))
    return entries


def _size(count: int) -> str:
    return f"{count / 1024**2:.1f} MiB" if count >= 1024**2 else f"{count} bytes"


def _too_big(name: str, size: int, limits: ZipLimits) -> str:
    return (
        f"zip entry {name!r} extracts to {_size(size)}, more than the "
        f"{_size(limits.max_file_bytes)} allowed for one file"
    )


def _safe_path(name: str) -> PurePosixPath | None:
    """The entry's relative path, None for entries to skip; PackageError when it escapes."""
    path = PurePosixPath(name.replace("\\", "/"))
    if path.is_absolute() or (path.parts and ":" in path.parts[0]):
        raise PackageError(f"zip entry {name!r} has an absolute path")
    if ".." in path.parts:
        raise PackageError(f"zip entry {name!r} points outside the package (..)")
    if not path.parts or path.parts[0] in _JUNK:
        return None
    return path


def _check_kind(info: zipfile.ZipInfo) -> None:
    # The Unix file type, when the zip was made on Unix (0 when the archiver did not say).
    kind = stat.S_IFMT(info.external_attr >> 16)
    if kind not in (0, stat.S_IFREG, stat.S_IFDIR):
        what = "a symbolic link" if kind == stat.S_IFLNK else "a special file"
        raise PackageError(f"zip entry {info.filename!r} is {what}, which is not allowed")
    if info.flag_bits & 0x1:
        raise PackageError(f"zip entry {info.filename!r} is encrypted")


def _top_folder(entries: list[tuple[zipfile.ZipInfo, PurePosixPath]]) -> str | None:
    """The single folder that holds every entry, if the zip has one."""
    tops = {path.parts[0] for _, path in entries}
    nested = all(len(path.parts) > 1 or info.is_dir() for info, path in entries)
    return tops.pop() if len(tops) == 1 and nested else None


def _clear(dest: Path) -> None:
    if dest.is_dir():
        for child in dest.iterdir():
            if child.is_dir() and not child.is_symlink():
                shutil.rmtree(child)
            else:
                child.unlink()


def _extract(
    zipped: zipfile.ZipFile,
    entries: list[tuple[zipfile.ZipInfo, PurePosixPath]],
    base: Path,
    limits: ZipLimits,
) -> None:
    written = 0
    base.mkdir(parents=True, exist_ok=True)
    for info, path in entries:
        target = base.joinpath(*path.parts)
        if info.is_dir():
            target.mkdir(parents=True, exist_ok=True)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        with zipped.open(info) as source, target.open("wb") as out:
            written = _copy(source, out, written, info.filename, limits)


def _copy(source: IO[bytes], out: IO[bytes], written: int, name: str, limits: ZipLimits) -> int:
    # Counted while copying: the sizes in the archive's directory are the archive's word only.
    this_file = 0
    while chunk := source.read(_CHUNK):
        written += len(chunk)
        this_file += len(chunk)
        if this_file > limits.max_file_bytes:
            raise PackageError(_too_big(name, this_file, limits))
        if written > limits.max_bytes:
            raise PackageError(
                f"zip extracts to more than the {_size(limits.max_bytes)} allowed in all"
            )
        out.write(chunk)
    return written
