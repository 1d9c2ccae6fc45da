"""The `files` property of a POSTed submission: one base64 zip holding the program's files.

A zip of one file is a one-file submission; a zip of several (or of a folder) is a program of
several files. What is refused in a zip, and why, is judge.services.upload's (the web form's
rules); whether the files are acceptable (names, size, language) is the submission service's.
"""

from __future__ import annotations

import base64
import binascii
from typing import Any

from api.http import ApiError
from judge.errors import ServiceError
from judge.services.upload import files_of_zip

Files = list[tuple[str, bytes]]


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


def source_files(files: Any, limit_bytes: int) -> Files:
    """The (name, bytes) of the archive's files, read at most to `limit_bytes` (the problem's
    code limit); a 400 for anything else."""
    raw = _archive_bytes(files)
    try:
        return files_of_zip(raw, limit_bytes)
    except ServiceError as exc:
        raise ApiError(400, f"files[0].data: {exc.message}") from exc
