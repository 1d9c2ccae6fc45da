"""Function problems in a contest (docs/functions.md, "Function problems in the web app").

Importing stores the library problem's built case file as a Blob (workers cache it by hash, as
test data) and asks a worker to verify the reference solution in every harness language. Until
that verification is Accepted in a language, the problem is not judged there: the submission
service refuses it and the pages say why (coverage honesty).
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db import transaction

from contest.models import (
    Blob,
    Contest,
    CoverageState,
    Language,
    LanguageCoverage,
    Problem,
    ProblemKind,
)
from judge.queue import enqueue_verification, verifications_held_by_rq

# Re-exported: the pages list languages in the harness registry's order.
from judging.functions.adapters.registry import HARNESS_LANGUAGES as HARNESS_LANGUAGES

if TYPE_CHECKING:
    from judging.functions.casefile import FunctionProblem


class FunctionImportError(Exception):
    """The library problem cannot be imported (unknown id, broken case file)."""


def import_function_problem(
    contest: Contest, library_id: str, *, letter: str | None = None
) -> Problem:
    """Import (or re-import, in place) library problem `library_id` into the contest."""
    data, loaded = _built_case_file(library_id)
    with transaction.atomic():
        problem = _problem_row(contest, letter, loaded.title)
        problem.kind = ProblemKind.FUNCTION
        problem.library_id = library_id
        problem.case_file = Blob.store(data)
        problem.name = loaded.title
        problem.statement = loaded.statement
        problem.time_limit_s = loaded.time_limit_s
        problem.time_limit_source = "manifest"
        problem.memory_mb = loaded.memory_mb
        problem.save()
        problem.tests.all().delete()  # a stdin problem's tests, if it was one
        request_verification(problem)
    return problem


def _built_case_file(library_id: str) -> tuple[bytes, FunctionProblem]:
    from judging.functions import build, casefile, library

    if library_id not in library.library_ids():
        raise FunctionImportError(f"no library problem {library_id!r} (judging/curated/)")
    try:
        build.ensure_built([library_id])
        path = library.problem_path(library_id)
        return path.read_bytes(), casefile.load(path)
    except (OSError, ValueError) as error:
        raise FunctionImportError(f"{library_id}: {error}") from error


def _problem_row(contest: Contest, letter: str | None, title: str) -> Problem:
    letter = letter or next_free_letter(contest)
    problem, _ = Problem.objects.get_or_create(
        contest=contest, letter=letter, defaults={"name": title}
    )
    return problem


def next_free_letter(contest: Contest) -> str:
    used = set(Problem.objects.filter(contest=contest).values_list("letter", flat=True))
    for letter in string.ascii_uppercase:
        if letter not in used:
            return letter
    raise FunctionImportError("the contest has no free problem letter left (A to Z)")


def request_verification(problem: Problem) -> None:
    """Mark every harness language "verifying" for the current case file and queue one
    verification job per language (after the commit)."""
    assert problem.case_file_id is not None
    sha = problem.case_file_id
    for language_id in HARNESS_LANGUAGES:
        LanguageCoverage.objects.update_or_create(
            problem=problem,
            language_id=language_id,
            defaults={"state": CoverageState.PENDING, "detail": "", "case_file_sha": sha},
        )
        enqueue_verification(problem.pk, language_id, sha)


def requeue_pending_verifications() -> int:
    """Queue again every verification still pending that RQ does not hold (the embedded Redis
    keeps no jobs across restarts). Returns how many were queued."""
    pending = LanguageCoverage.objects.filter(state=CoverageState.PENDING).select_related("problem")
    held = verifications_held_by_rq()
    count = 0
    for row in pending:
        current = row.case_file_sha == row.problem.case_file_id
        if current and (row.problem_id, row.language_id) not in held:
            enqueue_verification(row.problem_id, row.language_id, row.case_file_sha)
            count += 1
    return count


def record_coverage(
    problem_id: int, language_id: str, case_file_sha: str, *, verified: bool, detail: str
) -> bool:
    """Store a worker's verification; dropped (False) when the problem's case file changed
    since the job was queued (a re-import asked for a new verification)."""
    state = CoverageState.VERIFIED if verified else CoverageState.FAILED
    updated = LanguageCoverage.objects.filter(
        problem_id=problem_id, language_id=language_id, case_file_sha=case_file_sha
    ).update(state=state, detail=detail[:4000])
    return updated == 1


@dataclass(frozen=True)
class LanguageStatus:
    language_id: str
    name: str
    state: str  # CoverageState value
    label: str  # "judged", "verifying…", "not judged (reference fails)"
    detail: str
    enabled: bool  # the admin accepts this language in the contest

    @property
    def judged(self) -> bool:
        return self.enabled and self.state == CoverageState.VERIFIED


def language_statuses(problem: Problem) -> list[LanguageStatus]:
    """Per harness language, whether the problem is judged there (harness order)."""
    rows = {
        c.language_id: c
        for c in LanguageCoverage.objects.filter(
            problem=problem, case_file_sha=problem.case_file_id or ""
        )
    }
    languages = {lang.id: lang for lang in Language.objects.filter(id__in=HARNESS_LANGUAGES)}
    result = []
    for language_id in HARNESS_LANGUAGES:
        row, language = rows.get(language_id), languages.get(language_id)
        state = row.state if row else CoverageState.PENDING
        result.append(
            LanguageStatus(
                language_id=language_id,
                name=language.name if language else language_id,
                state=state,
                label=CoverageState(state).label,
                detail=row.detail if row else "",
                enabled=language is not None and language.enabled,
            )
        )
    return result


def refusal(problem: Problem, language: Language) -> str | None:
    """Why `language` may not be submitted for this function problem, or None if it may."""
    if language.id not in HARNESS_LANGUAGES:
        names = ", ".join(s.name for s in language_statuses(problem) if s.judged)
        return (
            f"Problem {problem.letter} asks for a function; {language.name} has no harness. "
            f"Judged languages: {names or 'none yet'}."
        )
    row = LanguageCoverage.objects.filter(
        problem=problem, language_id=language.id, case_file_sha=problem.case_file_id or ""
    ).first()
    if row is not None and row.state == CoverageState.VERIFIED:
        return None
    if row is not None and row.state == CoverageState.FAILED:
        return (
            f"Problem {problem.letter} is not judged in {language.name}: its reference "
            "solution does not pass there."
        )
    return (
        f"Problem {problem.letter} is not judged in {language.name} yet: its reference "
        "solution is still being verified. Try again in a minute."
    )
