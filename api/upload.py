"""The `files` property of a POSTed submission: one base64 zip holding the source file.

Juiz judges single-file submissions, so the archive must hold exactly one file at its root.
Whether that file is acceptable (name, size, language) is the submission service's business.
"""

from __future__ import annotations

import base64
import binascii
import io
import zipfile
import zlib
from typing import Any

from api.http import ApiError

# Far above any problem's source limit; only guards the server against zip bombs.
MAX_UNPACKED_BYTES = 16 * 1024 * 1024


def _archive_bytes(files: Any) -> bytes:
    if not isinstance(files, list) or len(files) != 1 or not isinstance(files[0], dict):
        raise ApiError(400, "files must be an array holding exactly one zip archive")
    entry = files[0]
    if entry.get("mime") not in (None, "application/zip"):
        raise ApiError(400, "files[0].mime must be application/zip")
    data = entry.get("data")
    if not isinstance(data, str):
        raise ApiError(400, "files[0].data must be the base64-encoded zip archive")
    try:
        return base64.b64decode(data, validate=True)
    except binascii.Error as exc:
        raise ApiError(400, "files[0].data is not valid base64") from exc


def _single_member(archive: zipfile.ZipFile) -> zipfile.ZipInfo:
    members = [info for info in archive.infolist() if not info.is_dir()]
    if len(members) != 1:
        raise ApiError(
            400, f"the zip archive must hold exactly one source file (it holds {len(members)})"
        )
    member = members[0]
    if "/" in member.filename.rstrip("/"):
        raise ApiError(400, "the source file must be at the root of the zip archive")
    return member


def source_from_files(files: Any) -> tuple[str, bytes]:
    """(filename, source) of the one file in the archive; a 400 for anything else."""
    raw = _archive_bytes(files)
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as archive:
            member = _single_member(archive)
            with archive.open(member) as handle:
                source = handle.read(MAX_UNPACKED_BYTES + 1)
    # Corrupt, truncated, encrypted or oddly compressed archives surface as any of these.
    except (
        zipfile.BadZipFile,
        EOFError,
        NotImplementedError,
        RuntimeError,
        zlib.error,
        UnicodeDecodeError,  # a member name flagged UTF-8 that is not
    ) as exc:
        raise ApiError(400, f"files[0].data is not a readable zip archive: {exc}") from exc
    if len(source) > MAX_UNPACKED_BYTES:
        raise ApiError(400, "the source file is too large")
    return member.filename, source
