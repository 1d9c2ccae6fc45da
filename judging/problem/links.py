"""Symbolic links that git kept as text.

A repository checked out or copied without link support leaves each link as a small file
holding its target. Inside a package the format allows links to the package's own files, so
such a file (one line, a relative path to an existing file of the package with the same
extension) is read as the link it was.
"""

from __future__ import annotations

from pathlib import Path

_MAX_LINK_BYTES = 255


def text_link_target(package: Path, path: Path) -> Path | None:
    """The file a link-kept-as-text `path` names, or None when `path` is an ordinary file."""
    if path.is_symlink() or not path.is_file() or path.stat().st_size > _MAX_LINK_BYTES:
        return None
    text = path.read_bytes().decode("utf-8", "replace").strip()
    if not text or "\n" in text or text.startswith("/") or " " in text:
        return None
    target = (path.parent / text).resolve()
    inside = target.is_relative_to(package.resolve()) and target.is_file()
    if not inside or target == path.resolve() or target.suffix != path.suffix:
        return None
    return target
