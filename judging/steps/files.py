"""Reading what programs wrote, always capped: their output is not ours to trust."""

from __future__ import annotations

from pathlib import Path

PREVIEW_BYTES = 4 * 1024


def head(path: Path | None, limit: int = PREVIEW_BYTES) -> bytes:
    """The first `limit` bytes of a file; empty if it does not exist."""
    if path is None or not path.is_file():
        return b""
    with path.open("rb") as f:
        return f.read(limit)


def tail(path: Path | None, limit: int = PREVIEW_BYTES) -> bytes:
    """The last `limit` bytes of a file (where a crash message usually is)."""
    if path is None or not path.is_file():
        return b""
    with path.open("rb") as f:
        size = f.seek(0, 2)
        f.seek(max(0, size - limit))
        return f.read(limit)


def text(data: bytes, limit: int = PREVIEW_BYTES) -> str:
    """Bytes shown to people: decoded leniently, cut at `limit` with a visible mark."""
    shown = data[:limit].decode("utf-8", "replace")
    return shown + "\n[... truncated]" if len(data) > limit else shown
