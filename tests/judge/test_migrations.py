"""Moving a model between apps keeps its rows: a database at the schema of before the house
move, with data in it, migrates forward with every row where the new model looks for it."""

from __future__ import annotations

from django.db.migrations.executor import MigrationExecutor

from judge.models import CoverageState, LanguageCoverage
from tests.conftest import migrate_to_latest

BEFORE_THE_MOVE = [("contest", "0002_function_problems"), ("judge", "0003_function_previews")]


def _old_schema_with_coverage(executor: MigrationExecutor) -> tuple[int, int]:
    executor.migrate(BEFORE_THE_MOVE)
    old = executor.loader.project_state(BEFORE_THE_MOVE).apps
    contest = old.get_model("contest", "Contest").objects.create(
        name="Old", short_name="old", start="2026-01-01T10:00Z", end="2026-01-01T15:00Z"
    )
    blob = old.get_model("contest", "Blob").objects.create(sha256="a" * 64, size=2, data=b"{}")
    problem = old.get_model("contest", "Problem").objects.create(
        contest=contest, letter="A", name="Two sum", kind="function", case_file=blob
    )
    row = old.get_model("contest", "LanguageCoverage").objects.create(
        problem=problem,
        language_id="java",
        state="verified",
        detail="reference accepted",
        case_file_sha="a" * 64,
    )
    return problem.pk, row.pk


def test_coverage_rows_survive_the_move_from_contest_to_judge(executor: MigrationExecutor) -> None:
    problem_id, row_id = _old_schema_with_coverage(executor)
    migrate_to_latest(executor)

    moved = LanguageCoverage.objects.get(pk=row_id)
    assert (moved.problem_id, moved.language_id, moved.detail) == (
        problem_id,
        "java",
        "reference accepted",
    )
    assert moved.state == CoverageState.VERIFIED and moved.judged
    # The table is the judge app's now, and a new row gets a fresh id next to the old one.
    assert LanguageCoverage._meta.db_table == "judge_languagecoverage"
    added = LanguageCoverage.objects.create(problem_id=problem_id, language_id="cpp")
    assert added.pk > row_id


BEFORE_CASE_COUNTS = [("contest", "0007_package_default_limits")]


def test_stored_function_problems_get_their_case_count(executor: MigrationExecutor) -> None:
    executor.migrate(BEFORE_CASE_COUNTS)
    old = executor.loader.project_state(BEFORE_CASE_COUNTS).apps
    contest = old.get_model("contest", "Contest").objects.create(
        name="Old", short_name="old", start="2026-01-01T10:00Z", end="2026-01-01T15:00Z"
    )
    data = b'{"id": "x", "cases": [{"name": "a"}, {"name": "b"}, {"name": "c"}]}'
    blob = old.get_model("contest", "Blob").objects.create(sha256="b" * 64, size=len(data))
    chunk = old.get_model("contest", "BlobChunk")
    chunk.objects.create(blob=blob, index=1, data=data[20:])
    chunk.objects.create(blob=blob, index=0, data=data[:20])
    problem = old.get_model("contest", "Problem").objects.create(
        contest=contest, letter="A", name="X", kind="function", case_file=blob
    )
    migrate_to_latest(executor)

    from contest.models import Problem

    assert Problem.objects.get(pk=problem.pk).case_count == 3
