"""Coverage honesty for function problems (docs/functions.md, "Reference verification").

Importing a library problem stores it (contest.services.function_problems) and asks a worker to
verify the reference solution in every harness language. Until that verification is Accepted in
a language, the problem is not judged there: the submission service refuses it and the pages
say why (judge.selectors.coverage).
"""

from __future__ import annotations

from django.db import transaction

from contest.models import Contest, Problem
from contest.services.function_problems import FunctionImportError, store_function_problem
from judge.errors import ServiceError
from judge.models import CoverageState, LanguageCoverage
from judge.queue import enqueue_verification, verifications_held_by_rq
from judge.selectors.coverage import HARNESS_LANGUAGES


def import_function_problem(
    contest: Contest, library_id: str, *, letter: str | None = None
) -> Problem:
    """Import (or re-import, in place) library problem `library_id` into the contest and queue
    the verification of its references; ServiceError when it cannot be imported."""
    try:
        with transaction.atomic():
            problem = store_function_problem(contest, library_id, letter=letter)
            request_verification(problem)
    except FunctionImportError as error:
        raise ServiceError("function_import_failed", str(error)) from None
    return problem


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
