"""Small problem packages written into a temporary directory."""

from __future__ import annotations

from pathlib import Path

PACKAGES = Path(__file__).resolve().parents[2] / "packages"


def write_package(root: Path, files: dict[str, str]) -> Path:
    """Write `files` ({relative path: text}) under root and return root."""
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def minimal(
    root: Path, problem_yaml: str = "name: Minimal\n", files: dict[str, str] | None = None
) -> Path:
    """A legacy package with one secret test and a .timelimit, plus `files`."""
    base = {
        "problem.yaml": problem_yaml,
        ".timelimit": "1\n",
        "data/secret/1.in": "1\n",
        "data/secret/1.ans": "1\n",
    }
    return write_package(root, base | (files or {}))
