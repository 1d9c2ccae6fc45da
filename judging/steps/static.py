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
from dataclasses import dataclass
from typing import Protocol, TypeVar

from judging.classification import Classification
from judging.languages import registry
from judging.languages.base import LanguageConfig
from judging.model import Problem
from judging.report import Report


@dataclass(frozen=True)
class SubmissionFile:
    filename: str  # as the team named it; its extension chooses the language
    source: bytes


class SizeLimited(Protocol):
    @property
    def source_size_kib(self) -> int: ...


P = TypeVar("P", bound=SizeLimited)
Check = Callable[[SubmissionFile, P], Report | None]
PreCheck = Check[Problem]


def run_pre_checks(
    submission: SubmissionFile, problem: P, pre_checks: Sequence[Check[P]]
) -> Report | None:
    for check in pre_checks:
        verdict = check(submission, problem)
        if verdict is not None:
            return verdict
    return None


def choose_language(
    submission: SubmissionFile, languages: Sequence[LanguageConfig], language_id: str | None
) -> LanguageConfig | Report:
    """The language forced by id, else the one the file extension names; else Invalid
    Submission."""
    if language_id is not None:
        chosen = next((c for c in languages if c.id == language_id and c.enabled), None)
        reason = f"language {language_id!r} is not available in this contest"
    else:
        chosen = registry.for_filename(submission.filename, languages)
        reason = f"no language of this contest takes files named {submission.filename!r}"
    if chosen is None:
        return Report(Classification.INVALID_SUBMISSION, reason=reason)
    return chosen


def check_size(submission: SubmissionFile, problem: SizeLimited) -> Report | None:
    limit = problem.source_size_kib * 1024
    if len(submission.source) <= limit:
        return None
    return Report(
        Classification.PROGRAM_SIZE_EXCEEDED,
        reason=f"the source has {len(submission.source)} bytes; the limit is "
        f"{problem.source_size_kib} KiB",
    )


def static_checks(
    submission: SubmissionFile,
    problem: P,
    languages: Sequence[LanguageConfig],
    pre_checks: Sequence[Check[P]] = (),
    language_id: str | None = None,
    *,
    scope: str = "",
) -> LanguageConfig | Report:
    """Everything before compilation: the chosen language, or the Report that ends judging.
    `scope` tells a team whose language is refused which languages judge this problem."""
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
