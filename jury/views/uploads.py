"""Uploads as files on disk: the package readers take paths."""

from __future__ import annotations

from pathlib import Path

from django.core.files.uploadedfile import UploadedFile


def saved_upload(upload: UploadedFile[bytes], directory: str) -> Path:
    """The upload written, a chunk at a time, under its base name in `directory`."""
    path = Path(directory) / Path(upload.name or "upload.zip").name
    with path.open("wb") as out:
        for chunk in upload.chunks():
            out.write(chunk)
    return path
