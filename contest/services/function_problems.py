"""A library function problem stored in a contest (docs/functions.md, "Function problems in
the web app"): its built case file as a Blob, which workers cache by hash like test data, and
its statement and limits from the manifest.

Its reference solutions (and naive ones) per language and its validator are stored as Blobs
too, so a worker verifies and judges the problem with the database alone. Storing is
configuration only; whether the problem is judged in a language is for the workers to find out
(judge.services.coverage verifies the reference solution in each language).
"""

from __future__ import annotations

import string
from typing import TYPE_CHECKING

from contest.models import Blob, Contest, Problem, ProblemKind, ReferenceSolution

if TYPE_CHECKING:
    from judging.functions.casefile import FunctionProblem


class FunctionImportError(Exception):
    """The library problem cannot be imported (unknown id, broken case file, no letter)."""


def store_function_problem(
    contest: Contest, library_id: str, *, letter: str | None = None
) -> Problem:
    """Store (or store again, in place) library problem `library_id` in the contest. Call it
    inside a transaction."""
    data, loaded = _built_case_file(library_id)
    problem = _problem_row(contest, letter, loaded.title)
    problem.kind = ProblemKind.FUNCTION
    problem.library_id = library_id
    problem.case_file = Blob.store(data)
    problem.case_count = len(loaded.cases)
    problem.name = loaded.title
    problem.statement = loaded.statement
    problem.time_limit_s = loaded.time_limit_s
    problem.time_limit_source = "manifest"
    problem.memory_mb = loaded.memory_mb
    problem.function_validator = _validator_blob(library_id)
    problem.save()
    problem.tests.all().delete()  # a stdin problem's tests, if it was one
    store_references(problem, library_id)
    return problem


def store_references(problem: Problem, library_id: str) -> int:
    """The library's reference (and naive) solutions of the problem, in every harness language
    it has, as Blobs (replacing what the problem had); returns how many."""
    from judging.functions.adapters.registry import HARNESS_LANGUAGES
    from library import index

    problem.references.all().delete()
    stored = 0
    for language_id in HARNESS_LANGUAGES:
        for naive in (False, True):
            path = index.reference_path(library_id, language_id, naive=naive)
            if path.is_file():
                source = Blob.store(path.read_bytes())
                ReferenceSolution.objects.create(
                    problem=problem, language_id=language_id, naive=naive, source=source
                )
                stored += 1
    return stored


def _validator_blob(library_id: str) -> Blob | None:
    from library import index

    path = index.validator_path(library_id)
    return Blob.store(path.read_bytes()) if path.is_file() else None


def _built_case_file(library_id: str) -> tuple[bytes, FunctionProblem]:
    from judging.functions import casefile
    from library import build, index

    if library_id not in index.library_ids():
        raise FunctionImportError(f"no library problem {library_id!r} (library/)")
    try:
        build.ensure_built([library_id])
        path = index.built_path(library_id)
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
