"""From files to an import: a CSV, any of the four CCS JSON files, or a zip or folder holding
them (a Contest Package). The format is told by each file's name."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path, PurePosixPath

from accounts.bulk import ccs_format, csv_format
from accounts.bulk.specs import Bulk, RowError, Where

MAX_BYTES = 20 * 1024 * 1024


def read(files: dict[str, bytes]) -> Bulk:
    """files: file name -> content. A zip's members are read as if uploaded by their names."""
    named: dict[str, bytes] = {}
    errors: list[RowError] = []
    for name, data in files.items():
        if name.lower().endswith(".zip"):
            named |= _unzip(name, data, errors)
        else:
            named[PurePosixPath(name).name] = data
    bulk = _read_named(named, errors)
    bulk.errors[:0] = errors
    return bulk


def read_path(path: Path) -> Bulk:
    """A file, or a folder holding the CCS files (and/or teams.csv)."""
    if path.is_dir():
        wanted = ("teams.csv", *ccs_format.FILES)
        return read({n: (path / n).read_bytes() for n in wanted if (path / n).is_file()})
    return read({path.name: path.read_bytes()})


def _unzip(name: str, data: bytes, errors: list[RowError]) -> dict[str, bytes]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        errors.append(RowError(Where(name, 0), "(file)", "not a zip archive"))
        return {}
    found = {}
    for info in archive.infolist():
        member = PurePosixPath(info.filename)
        # The package's own files sit at its root (or in one top folder); logos and the rest
        # are not read.
        if len(member.parts) <= 2 and member.name in (*ccs_format.FILES, "teams.csv"):
            if info.file_size > MAX_BYTES:
                errors.append(RowError(Where(member.name, 0), "(file)", "too large"))
                continue
            found[member.name] = archive.read(info)
    return found


def _read_named(named: dict[str, bytes], errors: list[RowError]) -> Bulk:
    texts: dict[str, str] = {}
    for name, data in named.items():
        try:
            texts[name] = data.decode("utf-8")
        except UnicodeDecodeError:
            errors.append(RowError(Where(name, 0), "(file)", "not UTF-8 text"))
    csvs = [n for n in texts if n.lower().endswith(".csv")]
    jsons = {n: t for n, t in texts.items() if n in ccs_format.FILES}
    unknown = set(texts) - set(csvs) - set(jsons)
    for name in sorted(unknown):
        known = ", ".join(ccs_format.FILES)
        errors.append(RowError(Where(name, 0), "(file)", f"neither a .csv nor one of {known}"))
    if len(csvs) > 1 or (csvs and jsons):
        errors.append(
            RowError(
                Where(", ".join(sorted(texts)), 0), "(file)", "one CSV, or CCS files, not both"
            )
        )
        return Bulk()
    if not texts and not errors:
        errors.append(RowError(Where("(upload)", 0), "(file)", "no file"))
    return csv_format.read(texts[csvs[0]], csvs[0]) if csvs else ccs_format.read(jsons)
