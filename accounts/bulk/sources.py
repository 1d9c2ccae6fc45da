"""From files to an import: a CSV, any of the four CCS JSON files, or a zip or folder holding
them (a Contest Package). The format is told by each file's name."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path, PurePosixPath

from accounts.bulk import ccs_format, csv_format
from accounts.bulk.specs import Bulk, RowError, Where

MAX_BYTES = 20 * 1024 * 1024
MAX_LOGO_BYTES = 1024 * 1024
LOGO_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")
Logos = dict[str, tuple[str, bytes]]


def read(files: dict[str, bytes]) -> Bulk:
    """files: file name -> content. A zip's members are read as if uploaded by their names."""
    named: dict[str, bytes] = {}
    logos: Logos = {}
    errors: list[RowError] = []
    for name, data in files.items():
        if name.lower().endswith(".zip"):
            named |= _unzip(name, data, errors, logos)
        else:
            named[PurePosixPath(name).name] = data
    bulk = _read_named(named, errors)
    bulk.errors[:0] = errors
    bulk.logos = logos
    return bulk


def read_path(path: Path) -> Bulk:
    """A file, or a folder holding the CCS files (and/or teams.csv) and the organizations'
    logos."""
    if not path.is_dir():
        return read({path.name: path.read_bytes()})
    wanted = ("teams.csv", *ccs_format.FILES)
    bulk = read({n: (path / n).read_bytes() for n in wanted if (path / n).is_file()})
    for logo in sorted(path.glob("organizations/*/logo*")):
        _add_logo(bulk.logos, PurePosixPath(logo.relative_to(path).as_posix()), logo.read_bytes())
    return bulk


def _add_logo(logos: Logos, member: PurePosixPath, data: bytes) -> None:
    """A package may hold several sizes of a logo: the largest file is kept."""
    if member.suffix.lower() not in LOGO_SUFFIXES or len(data) > MAX_LOGO_BYTES:
        return
    org_id = member.parent.name
    if org_id not in logos or len(data) > len(logos[org_id][1]):
        logos[org_id] = (f"{org_id}{member.suffix.lower()}", data)


def _unzip(name: str, data: bytes, errors: list[RowError], logos: Logos) -> dict[str, bytes]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        errors.append(RowError(Where(name, 0), "(file)", "not a zip archive"))
        return {}
    found = {}
    for info in archive.infolist():
        member = PurePosixPath(info.filename)
        if _is_logo(member) and info.file_size <= MAX_LOGO_BYTES:
            _add_logo(logos, member, archive.read(info))
            continue
        # The package's own files sit at its root (or in one top folder); logos and the rest
        # are not read.
        if len(member.parts) <= 2 and member.name in (*ccs_format.FILES, "teams.csv"):
            if info.file_size > MAX_BYTES:
                errors.append(RowError(Where(member.name, 0), "(file)", "too large"))
                continue
            found[member.name] = archive.read(info)
    return found


def _is_logo(member: PurePosixPath) -> bool:
    parts = member.parts[-3:]
    return len(parts) == 3 and parts[0] == "organizations" and parts[2].startswith("logo")


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
