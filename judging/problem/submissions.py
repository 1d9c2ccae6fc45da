"""The package's own example submissions and what each must get.

Every file or directory in a direct subdirectory of `submissions/` is one submission (a
directory is one multi-file submission). What it must get comes from, strongest first:

1. a DOMjudge `@EXPECTED_RESULTS@:` comment in its source (any listed result is right);
2. `submissions/submissions.yaml` (2023-07 / 2025-09): a key naming the folder replaces the
   folder's default, other matching globs add rules, per test group too;
3. the folder, read as the package's format version defines it (folders.py).

The entry point of a multi-file submission is submissions.yaml's `entrypoint`, else the
`entry_point` DOMjudge's `submissions.json` gives it.

Not submissions: files ending in `.disabled` (BAPCtools switches a submission off so), READMEs,
hidden files, and submissions.yaml itself; they are listed in `Listing.skipped` with the reason.

A symbolic link is judged as the file it points to. Git keeps a link as a small file holding
its target when it is checked out or copied without link support, so such a file (one line, a
relative path to an existing file inside the package) is read as the link it was. A name with
`.bad.` in it is BAPCtools' mark of a submission deliberately put in the wrong folder: a checker
must find that it does not match (`deliberately_wrong`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from judging.problem.errors import PackageError
from judging.problem.expectations import Expectation, Rule, ScoreRule
from judging.problem.folders import folder_expectation, folder_order
from judging.problem.submissions_yaml import (
    Entry,
    SubmissionsYaml,
    override,
    read_submissions_yaml,
)
from judging.problem.verdicts import DOMJUDGE_NAMES, DOMJUDGE_UNJUDGEABLE
from judging.problem.yamlfile import read_mapping

_ANNOTATION = re.compile(rb"@EXPECTED_RESULTS@:[ \t]*([A-Za-z_, \t-]+)")
# DOMjudge's scoring examples: the points the submission must get, to the digits given.
_SCORE_ANNOTATION = re.compile(rb"@EXPECTED_SCORE@:[ \t]*([0-9]+(?:\.([0-9]+))?)")
_NOT_SOURCES = ("submissions.yaml", "submissions.json")


@dataclass(frozen=True)
class PackageSubmission:
    path: Path  # a source file, or a directory when the submission has several files
    expectation: Expectation
    folder: str = ""  # e.g. "accepted"
    language: str = ""  # submissions.yaml's language, else found from the extensions
    entrypoint: str = ""
    link: str = ""  # the target, when the submission is a link to another one
    sources: tuple[Path, ...] = ()  # its files, links followed (a directory's, by name)

    @property
    def name(self) -> str:
        """How reports show it: folder/file, e.g. "accepted/sum.c"."""
        return f"{self.folder}/{self.path.name}" if self.folder else self.path.name

    @property
    def files(self) -> list[Path]:
        """The source files, links followed: the file itself, or a directory's files."""
        return list(self.sources)

    @property
    def single_file(self) -> Path | None:
        """The one source file of this submission, or None for a multi-file submission."""
        files = self.files
        return files[0] if len(files) == 1 else None

    @property
    def deliberately_wrong(self) -> bool:
        return ".bad." in self.path.name


@dataclass
class Listing:
    submissions: list[PackageSubmission] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (submission, why)


def list_submissions(directory: Path) -> list[PackageSubmission]:
    return read_submissions(directory).submissions


def read_submissions(directory: Path) -> Listing:
    """Every submission under submissions/<folder>/, folders in check-package's order."""
    base = directory / "submissions"
    listing = Listing()
    if not base.is_dir():
        return listing
    fmt = _format_of(directory)
    config = read_submissions_yaml(directory)
    for path in sorted(p for p in base.iterdir() if not p.is_dir()):
        if not _not_a_program(path) and path.name not in _NOT_SOURCES:
            listing.skipped.append((path.name, "directly in submissions/, not in a folder"))
    folders = [p for p in base.iterdir() if p.is_dir() and not p.name.startswith(".")]
    for folder in sorted(folders, key=lambda p: folder_order(p.name)):
        for path in sorted(folder.iterdir()):
            rel = f"{folder.name}/{path.name}"
            if _not_a_program(path):
                continue
            if path.name.endswith(".disabled"):
                listing.skipped.append((rel, "disabled (name ends in .disabled)"))
                continue
            listing.submissions.append(_submission(directory, path, folder.name, fmt, config))
    return listing


def _submission(
    package: Path, path: Path, folder: str, fmt: str, config: SubmissionsYaml
) -> PackageSubmission:
    rel = f"{folder}/{path.name}"
    link = "" if path.is_dir() else _link_of(package, path)
    entries = config.matching(rel, folder)
    language = next((e.language for e in reversed(entries) if e.language), "")
    entrypoint = next((e.entrypoint for e in reversed(entries) if e.entrypoint), "")
    entrypoint = entrypoint or _domjudge_entry_points(package).get(rel, "")
    annotated = _annotation(path, package)
    expectation = annotated if annotated is not None else _rules(folder, fmt, config, entries)
    sources = tuple(_follow(package, p) for p in _files_of(path))
    return PackageSubmission(path, expectation, folder, language, entrypoint, link, sources)


def _files_of(path: Path) -> list[Path]:
    if not path.is_dir():
        return [path]
    inside = (p for p in path.rglob("*") if p.is_file())
    return sorted(p for p in inside if not any(part.startswith(".") for part in p.parts))


def _follow(package: Path, path: Path) -> Path:
    """The file at the end of a chain of links (at most 8, as a loop must end somewhere)."""
    for _ in range(8):
        link = _link_of(package, path)
        if not link:
            break
        path = (path.parent / link).resolve()
    return path


def _rules(folder: str, fmt: str, config: SubmissionsYaml, entries: list[Entry]) -> Expectation:
    default = folder_expectation(folder, fmt)
    own = config.folder_override(folder)
    added = tuple(r for e in entries for r in e.rules)
    scores = tuple(r for e in [*entries, *([own] if own else [])] for r in e.scores)
    if own is None and not added and not scores:
        return default
    base: tuple[Rule, ...] = default.rules if not default.unjudgeable else ()
    if own is not None:
        base = override(base[0], own) if base else own.rules
    rules = (*base, *added)
    if not rules and not scores:
        return default
    return Expectation(
        "submissions.yaml", rules=rules, slow=default.slow, scores=(*default.scores, *scores)
    )


def _annotation(path: Path, package: Path) -> Expectation | None:
    """The DOMjudge @EXPECTED_RESULTS@: of the submission's first annotated file."""
    for source in (_follow(package, p) for p in _files_of(path)):
        try:
            with source.open("rb") as handle:
                head = handle.read(1 << 16)
        except OSError:
            continue
        found = _ANNOTATION.search(head)
        if found:
            expectation = _parse_annotation(found.group(1).decode())
            return replace(expectation, scores=_annotated_score(head))
    return None


def _annotated_score(head: bytes) -> tuple[ScoreRule, ...]:
    """@EXPECTED_SCORE@: 88.37 is met by any score that rounds to it (to its digits)."""
    found = _SCORE_ANNOTATION.search(head)
    if not found:
        return ()
    value = float(found.group(1))
    half = 0.5 * 10 ** -len(found.group(2)) if found.group(2) else 0.0
    return (ScoreRule(low=value - half, high=value + half),)


def _parse_annotation(text: str) -> Expectation:
    names = [n.strip().upper() for n in text.split(",") if n.strip()]
    for name in names:
        if name in DOMJUDGE_UNJUDGEABLE:
            return Expectation("annotation", unjudgeable=DOMJUDGE_UNJUDGEABLE[name])
    unknown = [n for n in names if n not in DOMJUDGE_NAMES]
    if unknown or not names:
        return Expectation("annotation", unjudgeable=f"unknown DOMjudge result {unknown}")
    return Expectation("annotation", outcome=frozenset(DOMJUDGE_NAMES[n] for n in names))


def _link_of(package: Path, path: Path) -> str:
    """The target of a link (a real one, or one kept as text by git), if it stays inside the
    package and names a file; "" otherwise."""
    if path.is_symlink():
        target = path.resolve()
        inside = target.is_relative_to(package.resolve()) and target.is_file()
        return str(path.readlink()) if inside else ""
    if not path.is_file() or path.stat().st_size > 255:
        return ""
    text = path.read_bytes().decode("utf-8", "replace").strip()
    if "\n" in text or not text or text.startswith("/") or " " in text:
        return ""
    target = (path.parent / text).resolve()
    inside = target.is_relative_to(package.resolve()) and target.is_file() and target != path
    return text if inside else ""


def _domjudge_entry_points(package: Path) -> dict[str, str]:
    """DOMjudge's `submissions.json` beside `submissions/`: {"submissions/<folder>/<name>/":
    {"entry_point": "main.py"}} names the entry point of a multi-file submission."""
    path = package / "submissions.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    except (OSError, ValueError):
        raise PackageError("submissions.json: not valid JSON") from None
    if not isinstance(data, dict):
        raise PackageError("submissions.json: expected an object")
    found = {}
    for key, value in data.items():
        entry = value.get("entry_point") if isinstance(value, dict) else None
        if isinstance(entry, str) and entry:
            found[str(key).strip("/").removeprefix("submissions/")] = entry
    return found


def _not_a_program(path: Path) -> bool:
    # Hidden files and notes are not programs; a README explains the folder.
    return path.name.startswith(".") or path.name.lower().startswith("readme")


def _format_of(directory: Path) -> str:
    """ "legacy" or "2023-07": which folder meanings apply (the reader checks the version)."""
    yaml_path = directory / "problem.yaml"
    if not yaml_path.is_file():
        return "legacy"
    version = read_mapping(yaml_path, "problem.yaml").get("problem_format_version", "legacy")
    return "legacy" if str(version).startswith("legacy") else "2023-07"
