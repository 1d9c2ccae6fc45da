"""A package's sample interactions: data/sample/**/<name>.interaction, the log of a session
between the submission (lines starting with `>`) and the validator (`<`) that the statement
shows for interactive and multi-pass problems instead of the sample's input and answer. Some
stand alone, without a test beside them (2025-09, "Samples for interactive and multi-pass
problems"); none is judged.
"""

from __future__ import annotations

from pathlib import Path

from judging.problem.errors import PackageError

MAX_BYTES = 64 * 1024  # a statement's sample, not test data


def read_interactions(package: Path) -> tuple[tuple[str, str], ...]:
    """(name under data/ without the suffix, text) of every sample interaction, by name."""
    sample = package / "data" / "sample"
    if not sample.is_dir():
        return ()
    found: list[tuple[str, str]] = []
    for path in sorted(sample.rglob("*.interaction")):
        if not path.is_file():
            continue
        name = path.relative_to(package / "data").with_suffix("").as_posix()
        if path.stat().st_size > MAX_BYTES:
            raise PackageError(f"data/{name}.interaction is larger than {MAX_BYTES} bytes")
        found.append((name, path.read_text(encoding="utf-8", errors="replace")))
    return tuple(found)
