"""The package's own example submissions and the Mooshak classifications each folder expects.

Kattis folders name ICPC verdicts; Juiz judges with Mooshak's finer classifications, so a folder
maps to the set of classifications that mean the same thing:

* run_time_error: Runtime Error or Invalid Exit Value, since Mooshak calls a plain non-zero exit
  (an uncaught exception in Python or Java) Invalid Exit Value, and the ICPC calls it RTE.
* wrong_answer: Wrong Answer or Presentation Error. The Kattis validators (default and custom)
  never say Presentation Error, but a problem judged the Mooshak way may, and it is a rejected
  output all the same.
* time_limit_exceeded: Time Limit Exceeded only.

Folders outside both formats that other tools use (compile_error, presentation_error,
memory_limit_exceeded, output_limit_exceeded) are supported too; unknown folders are ignored.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from judging.classification import Classification as C

_NEVER_EXPECTED = {C.ACCEPTED, C.EVALUATION_SKIPPED, C.REQUIRES_REEVALUATION}

# In the order check-package shows them: accepted first, as in problemtools.
EXPECTED: dict[str, frozenset[C]] = {
    "accepted": frozenset({C.ACCEPTED}),
    "wrong_answer": frozenset({C.WRONG_ANSWER, C.PRESENTATION_ERROR}),
    "presentation_error": frozenset({C.PRESENTATION_ERROR}),
    "time_limit_exceeded": frozenset({C.TIME_LIMIT_EXCEEDED}),
    "run_time_error": frozenset({C.RUNTIME_ERROR, C.INVALID_EXIT_VALUE}),
    "memory_limit_exceeded": frozenset({C.MEMORY_LIMIT_EXCEEDED}),
    "output_limit_exceeded": frozenset({C.OUTPUT_LIMIT_EXCEEDED}),
    "compile_error": frozenset({C.COMPILE_TIME_ERROR}),
    # 2023-07: never accepted, but fails by crashing or running too long, never a wrong answer.
    "brute_force": frozenset({C.TIME_LIMIT_EXCEEDED, C.RUNTIME_ERROR, C.INVALID_EXIT_VALUE}),
    # 2023-07: anything but Accepted.
    "rejected": frozenset(set(C) - _NEVER_EXPECTED),
}


@dataclass(frozen=True)
class PackageSubmission:
    path: Path  # a source file, or a directory when the submission has several files
    expected: frozenset[C]
    folder: str = ""  # e.g. "accepted"

    @property
    def name(self) -> str:
        """How reports show it: folder/file, e.g. "accepted/sum.c"."""
        return f"{self.folder}/{self.path.name}" if self.folder else self.path.name

    @property
    def single_file(self) -> Path | None:
        """The one source file of this submission, or None for a multi-file submission."""
        if self.path.is_file():
            return self.path
        files = [p for p in self.path.iterdir() if p.is_file() and not p.name.startswith(".")]
        return files[0] if len(files) == 1 else None


def list_submissions(directory: Path) -> list[PackageSubmission]:
    """Every submission under submissions/<folder>/, folders in EXPECTED order, files by name."""
    found: list[PackageSubmission] = []
    for folder, expected in EXPECTED.items():
        base = directory / "submissions" / folder
        if not base.is_dir():
            continue
        for path in sorted(base.iterdir()):
            # Hidden files and notes are not programs; a README explains the folder.
            if path.name.startswith(".") or path.name.lower().startswith("readme"):
                continue
            found.append(PackageSubmission(path=path, expected=expected, folder=folder))
    return found


def ignored_folders(directory: Path) -> list[str]:
    """Folders of submissions/ that no format defines (reported, never judged)."""
    base = directory / "submissions"
    if not base.is_dir():
        return []
    return sorted(p.name for p in base.iterdir() if p.is_dir() and p.name not in EXPECTED)
