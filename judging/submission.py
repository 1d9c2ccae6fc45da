"""What a team (or a package's submissions/ folder) hands the engine: one file, or a program of
several files (a directory, an upload of several files, a zip).

    SubmissionFile   one file, named as the team named it
    Submission       one or more files and the program's name (a directory's name; a single
                     file's name without extension); `Submission.of` accepts either
    read_submission  a file or a directory on disk as a Submission (a package's
                     submissions/<verdict>/<name> entry: every file below it, dot-files skipped)

The engine picks the language from the files' extensions and the entry point by the package
format's rules (judging/languages/entry.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path, PurePosixPath


@dataclass(frozen=True)
class SubmissionFile:
    filename: str  # as the team named it; its extension chooses the language
    source: bytes

    @property
    def size(self) -> int:
        return len(self.source)


@dataclass(frozen=True)
class Submission:
    files: tuple[SubmissionFile, ...]
    name: str = ""  # the program's name: a directory's name, else the file's stem

    def __post_init__(self) -> None:
        if not self.files:
            raise ValueError("a submission has at least one file")
        # Several files are laid out by their names, so those must stay inside the box. A
        # single file's name only carries its extension (the grader names it in the box).
        if len(self.files) > 1:
            for file in self.files:
                _check_name(file.filename)

    @classmethod
    def of(cls, item: SubmissionFile | Submission) -> Submission:
        if isinstance(item, Submission):
            return item
        return cls((item,), PurePosixPath(item.filename).stem)

    @property
    def single(self) -> SubmissionFile | None:
        """The file, when the submission is one file."""
        return self.files[0] if len(self.files) == 1 else None

    @property
    def filename(self) -> str:
        """One name for messages and pre-checks: the single file's, else the program's."""
        return self.files[0].filename if len(self.files) == 1 else self.name

    @property
    def source(self) -> bytes:
        """The single file's bytes; for several files, all of them (for hooks that hash)."""
        return b"".join(f.source for f in self.files)

    @property
    def size(self) -> int:
        """What the code limit counts: the total size of the submitted files."""
        return sum(f.size for f in self.files)


def read_submission(path: Path) -> Submission:
    """A file, or a directory of files (recursively; dot-files skipped as the format says),
    as a Submission named after the file's stem or the directory."""
    path = Path(path)
    if path.is_file():
        return Submission((SubmissionFile(path.name, path.read_bytes()),), path.stem)
    files = tuple(
        SubmissionFile(p.relative_to(path).as_posix(), p.read_bytes())
        for p in sorted(path.rglob("*"))
        if p.is_file() and not _hidden(p.relative_to(path))
    )
    if not files:
        raise ValueError(f"{path.name}: an empty directory is not a submission")
    return Submission(files, path.name)


def _hidden(relative: Path) -> bool:
    return any(part.startswith(".") for part in relative.parts)


def _check_name(name: str) -> None:
    # Files are laid out under the box's work directory: no absolute paths, no "..".
    path = PurePosixPath(name)
    if not name or path.is_absolute() or ".." in path.parts or "\\" in name:
        raise ValueError(f"unusable file name {name!r} in a submission")
