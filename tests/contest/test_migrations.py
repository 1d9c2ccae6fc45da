"""A function problem imported before its sources were stored gets them from the checkout's
library when the database migrates, so workers can verify it from the database alone."""

from __future__ import annotations

from django.db.migrations.executor import MigrationExecutor

from contest.models import Problem, ReferenceSolution
from library import index
from tests.conftest import migrate_to_latest

BEFORE_SOURCES = [("contest", "0003_move_language_coverage")]


def _old_function_problem(executor: MigrationExecutor) -> int:
    executor.migrate(BEFORE_SOURCES)
    old = executor.loader.project_state(BEFORE_SOURCES).apps
    contest = old.get_model("contest", "Contest").objects.create(
        name="Old", short_name="old", start="2026-01-01T10:00Z", end="2026-01-01T15:00Z"
    )
    case_file = old.get_model("contest", "Blob").objects.create(sha256="c" * 64, size=2, data=b"{}")
    problem = old.get_model("contest", "Problem").objects.create(
        contest=contest,
        letter="A",
        name="Course schedule",
        kind="function",
        library_id="course-schedule-ii",
        case_file=case_file,
    )
    return int(problem.pk)


def test_the_sources_of_an_older_import_are_stored_from_the_library(
    executor: MigrationExecutor,
) -> None:
    problem_id = _old_function_problem(executor)
    migrate_to_latest(executor)

    problem = Problem.objects.get(pk=problem_id)
    java = ReferenceSolution.objects.get(problem=problem, language_id="java", naive=False)
    assert java.source.read() == index.reference_path("course-schedule-ii", "java").read_bytes()
    assert problem.references.count() == sum(
        index.reference_path("course-schedule-ii", language, naive).is_file()
        for language in index.EXTENSIONS
        for naive in (False, True)
    )
    assert problem.function_validator is not None
    validator = index.validator_path("course-schedule-ii").read_bytes()
    assert problem.function_validator.read() == validator
