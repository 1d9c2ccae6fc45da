"""What a team hands in for a problem authored in the web app: a program, or answer files
(a submit-answer problem, docs/kinds.md). The jury chooses it when creating the problem on the
problem list or on the problem's page.

The kind is the package's type "submit-answer" among `Problem.types`, as an imported
submit-answer problem has it, so the team's statement (its inputs to download), the submit
form and service (judge/services/answer_files.py, the built-in "answers" language) and the
engine's answers grader treat both alike. The tests are the ones uploaded as for any problem:
the team downloads their inputs, the problem's validation judges each answer file.

A problem that has submissions keeps its kind: its programs would be judged as answer files,
or its answer files compiled, by a rejudge. Interactive, multi-pass and multi-stage problems
(from packages) and function problems run a program by definition, and stay programs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import transaction

from contest.models import Contest, Problem
from judge.errors import ServiceError
from judge.models import AuditAction, Submission
from judge.services import audit

if TYPE_CHECKING:
    from accounts.models import User

PROGRAM = "program"
SUBMIT_ANSWER = "submit-answer"
KIND_CHOICES = (
    (PROGRAM, "Program: teams submit a solution, judged on the tests"),
    (SUBMIT_ANSWER, "Submit-answer: teams download the inputs and upload an answer per test"),
)
# The package types whose judging runs the team's program (judging/graders/).
PROGRAM_TYPES = ("interactive", "multi-pass")


def kind_of(problem: Problem) -> str:
    return SUBMIT_ANSWER if problem.is_submit_answer else PROGRAM


def create_problem(*, contest: Contest, admin: User, letter: str, name: str, kind: str) -> Problem:
    """A new problem of `kind` with the model's default limits and no test yet (the jury
    uploads them on its page); audited. ServiceError when the letter is taken."""
    letter = letter.strip()
    if not letter or not name.strip():
        raise ServiceError("bad_problem", "A problem needs a letter and a name.")
    with transaction.atomic():
        if Problem.objects.select_for_update().filter(contest=contest, letter=letter).exists():
            raise ServiceError("letter_taken", f"The contest already has a problem {letter}.")
        problem = Problem.objects.create(
            contest=contest, letter=letter, name=name.strip(), types=_types([], kind)
        )
        audit.record(
            user=admin,
            action=AuditAction.PROBLEM_CHANGE,
            contest=contest,
            target=f"problem {letter}",
            comment="created in the web app",
            after={"name": problem.name, "types": problem.types},
        )
    return problem


def set_kind(locked: Problem, kind: str) -> tuple[list[str], list[str]] | None:
    """Give a locked problem `kind` (saved; the caller audits and holds the transaction): its
    types before and after, or None when it was of that kind. ServiceError when it may not."""
    if kind == kind_of(locked):
        return None
    _check_may_change(locked, kind)
    before = list(locked.types)
    locked.types = _types(before, kind)
    locked.save(update_fields=["types"])
    return before, list(locked.types)


def _check_may_change(problem: Problem, kind: str) -> None:
    if kind not in (PROGRAM, SUBMIT_ANSWER):
        raise ServiceError("bad_kind", f"Unknown kind {kind!r}: {PROGRAM} or {SUBMIT_ANSWER}.")
    runs = [t for t in PROGRAM_TYPES if t in problem.types]
    if problem.is_function or runs or problem.stages:
        what = "function" if problem.is_function else (runs[0] if runs else "multi-stage")
        raise ServiceError(
            "kind_fixed",
            f"This {what} problem runs the team's program: it cannot be submit-answer.",
        )
    count = Submission.objects.filter(problem=problem).count()
    if count:
        raise ServiceError(
            "kind_locked",
            f"The problem has {count} submission(s): a rejudge would judge them as the other "
            "kind. Change the kind before anyone submits, or make a new problem.",
        )


def _types(types: list[str], kind: str) -> list[str]:
    """`types` with "submit-answer" added or removed, pass-fail or scoring kept."""
    kept = [t for t in types if t != SUBMIT_ANSWER] or ["pass-fail"]
    return sorted([*kept, SUBMIT_ANSWER]) if kind == SUBMIT_ANSWER else kept
