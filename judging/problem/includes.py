"""include/: files added to every submission before it compiles (docs/packages.md, "Included
files").

Legacy reads include/<language>/ only; 2023-07 and later also include/default/, for the
languages without a directory of their own. <language> is a code of the format's languages
table, which are Juiz's language ids. Empty directories are not includes (the format asks for
non-empty ones), and dot-files are as if removed.
"""

from __future__ import annotations

from pathlib import Path

DEFAULT = "default"


def read_includes(package: Path, fmt: str) -> tuple[tuple[str, Path], ...]:
    folder = package / "include"
    if not folder.is_dir():
        return ()
    found = []
    for path in sorted(folder.iterdir()):
        if not path.is_dir() or path.name.startswith((".", "-")):
            continue
        if path.name == DEFAULT and fmt == "legacy":
            continue  # not a language code in the legacy format
        if any(p.is_file() and not p.name.startswith(".") for p in path.rglob("*")):
            found.append((path.name, path))
    return tuple(found)
