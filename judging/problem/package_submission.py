"""A package's own submission (submissions/<verdict>/<name>, a file or a directory) as the
engine's Submission, for check-package and calibration.

The format substitutes the problem's constants in example submissions (not in team
submissions), so that happens here; the language and entry point are then the engine's choice
(judging/languages/entry.py) unless submissions.yaml names them: pass those to judge() as
language_id= and entrypoint=.
"""

from __future__ import annotations

from pathlib import Path

from judging.constants import substitute
from judging.model import Problem
from judging.submission import Submission, SubmissionFile, read_submission


def package_submission(path: Path, problem: Problem) -> Submission:
    """The file or directory at `path`, every file read (dot-files skipped), constants
    substituted. Raises ValueError for an empty directory or an unusable file name."""
    read = read_submission(path)
    if not problem.constants:
        return read
    files = tuple(
        SubmissionFile(f.filename, substitute(f.source, problem.constants)) for f in read.files
    )
    return Submission(files, read.name)


def submission_files(path: Path, problem: Problem) -> list[SubmissionFile]:
    """The files of a package submission, as `package_submission` reads them."""
    return list(package_submission(path, problem).files)
