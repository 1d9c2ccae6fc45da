"""Importing a library function problem stores everything a worker needs in the database: the
built case file, the reference (and naive) solution of every harness language, the validator."""

from __future__ import annotations

import pytest

from contest.models import Contest, Problem, ReferenceSolution
from contest.services.function_problems import store_function_problem
from library import index
from tests.support import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def contest() -> Contest:
    return factories.running_contest()


def _sources(problem: Problem) -> dict[tuple[str, bool], bytes]:
    rows = ReferenceSolution.objects.filter(problem=problem).select_related("source")
    return {(r.language_id, r.naive): r.source.read() for r in rows}


def test_every_reference_and_naive_solution_is_stored_as_a_blob(contest: Contest) -> None:
    problem = store_function_problem(contest, "two-sum")
    stored = _sources(problem)
    assert {language for language, _ in stored} == set(index.EXTENSIONS)
    for (language, naive), data in stored.items():
        assert data == index.reference_path("two-sum", language, naive=naive).read_bytes()
    assert (("python3", True) in stored) == index.reference_path(
        "two-sum", "python3", True
    ).exists()
    assert problem.function_validator is None  # two-sum compares values


def test_a_validator_problem_stores_its_validator(contest: Contest) -> None:
    problem = store_function_problem(contest, "course-schedule-ii")
    assert problem.function_validator is not None
    expected = index.validator_path("course-schedule-ii").read_bytes()
    assert problem.function_validator.read() == expected


def test_importing_again_replaces_the_stored_sources(contest: Contest) -> None:
    first = store_function_problem(contest, "two-sum", letter="A")
    again = store_function_problem(contest, "reverse-linked-list", letter="A")
    assert again.pk == first.pk
    python = ReferenceSolution.objects.get(problem=again, language_id="python3", naive=False)
    assert (
        python.source.read() == index.reference_path("reverse-linked-list", "python3").read_bytes()
    )
    assert again.function_validator is None
