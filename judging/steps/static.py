"""Static analysis before compilation, in Mooshak's order: pre-checks, language, program size.

The first failing check decides, and its Report ends the judgement before anything is compiled
or run. The same checks serve every kind of problem: a grader passes the languages it can judge
and, when that is not every language of the contest, says which in `scope`.

Pre-checks are the web app's hooks (already solved, team ownership, problem id). A pre-check
returns None to let the submission through, or the Report that ends it (the web app chooses the
classification, e.g. Invalid Submission with a reason). They run first, in the given order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from judging.classification import Classification
from judging.languages import registry
from judging.languages.base import LanguageConfig
from judging.languages.entry import EntryError, detect_language
from judging.model import Problem
from judging.report import Report
from judging.submission import Submission, SubmissionFile

__all__ = ["Check", "PreCheck", "Submission", "SubmissionFile", "static_checks"]


class SizeLimited(Protocol):
    @property
    def source_size_kib(self) -> int: ...


P = TypeVar("P", bound=SizeLimited)
# A pre-check sees the whole submission (.filename, .source and .size, as a single file has).
Check = Callable[[Submission, P], Report | None]
PreCheck = Check[Problem]


def run_pre_checks(
    submission: Submission, problem: P, pre_checks: Sequence[Check[P]]
) -> Report | None:
    for check in pre_checks:
        verdict = check(submission, problem)
        if verdict is not None:
            return verdict
    return None


def choose_language(
    submission: Submission | SubmissionFile,
    languages: Sequence[LanguageConfig],
    language_id: str | None,
) -> LanguageConfig | Report:
    """The language forced by id, else the one the file extensions name (of several files,
    the only language among them); else Invalid Submission."""
    submission = Submission.of(submission)
    if language_id is not None:
        chosen = next((c for c in languages if c.id == language_id and c.enabled), None)
        reason = f"language {language_id!r} is not available in this contest"
    elif submission.single is None:
        try:
            return detect_language([f.filename for f in submission.files], languages)
        except EntryError as error:
            return Report(Classification.INVALID_SUBMISSION, reason=str(error))
    else:
        chosen = registry.for_filename(submission.filename, languages)
        reason = f"no language of this contest takes files named {submission.filename!r}"
    if chosen is None:
        return Report(Classification.INVALID_SUBMISSION, reason=reason)
    return chosen


def check_size(submission: Submission | SubmissionFile, problem: SizeLimited) -> Report | None:
    """The code limit counts every submitted file (not the package's included files)."""
    limit = problem.source_size_kib * 1024
    if submission.size <= limit:
        return None
    return Report(
        Classification.PROGRAM_SIZE_EXCEEDED,
        reason=f"the source has {submission.size} bytes; the limit is "
        f"{problem.source_size_kib} KiB",
    )


def static_checks(
    submission: Submission | SubmissionFile,
    problem: P,
    languages: Sequence[LanguageConfig],
    pre_checks: Sequence[Check[P]] = (),
    language_id: str | None = None,
    *,
    scope: str = "",
) -> LanguageConfig | Report:
    """Everything before compilation: the chosen language, or the Report that ends judging.
    `scope` tells a team whose language is refused which languages judge this problem."""
    submission = Submission.of(submission)
    verdict = run_pre_checks(submission, problem, pre_checks)
    if verdict is not None:
        return verdict
    language = choose_language(submission, languages, language_id)
    if isinstance(language, Report):
        reason = f"{language.reason} ({scope})" if scope else language.reason
        return Report(language.classification, reason=reason)
    size = check_size(submission, problem)
    if size is not None:
        return Report(size.classification, language=language.id, reason=size.reason)
    return language
