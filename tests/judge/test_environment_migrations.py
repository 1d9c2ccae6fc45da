"""Languages and submissions from before evaluator environments get their environment named:
the one their commands were (the registry's default at the migration)."""

from __future__ import annotations

from django.db.migrations.executor import MigrationExecutor

from contest.models import Language
from judge.models import Submission
from tests.conftest import migrate_to_latest

BEFORE = [("contest", "0020_prints_settings"), ("judge", "0012_prints_printout")]


def test_existing_languages_and_submissions_get_their_default_environment(
    executor: MigrationExecutor,
) -> None:
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    contest = old.get_model("contest", "Contest").objects.create(
        name="Old", short_name="old", start="2026-01-01T10:00Z", end="2026-01-01T15:00Z"
    )
    problem = old.get_model("contest", "Problem").objects.create(
        contest=contest, letter="A", name="Sum"
    )
    team = old.get_model("accounts", "Team").objects.create(name="Alpha")
    submission_ids = {}
    for language_id in ("cpp", "python3", "cobol"):
        language = old.get_model("contest", "Language").objects.create(
            id=language_id, name=language_id, extensions=language_id, run_command="x"
        )
        submission_ids[language_id] = (
            old.get_model("judge", "Submission")
            .objects.create(
                contest=contest,
                team=team,
                problem=problem,
                language=language,
                filename="a",
                source=b"",
                submitted_at="2026-01-01T11:00Z",
            )
            .pk
        )
    migrate_to_latest(executor)

    named = dict(Language.objects.values_list("id", "default_environment"))
    assert named == {"cpp": "gcc12-c++17", "python3": "python3.11", "cobol": ""}
    judged_in = {
        language_id: Submission.objects.get(pk=pk).environment
        for language_id, pk in submission_ids.items()
    }
    assert judged_in == {"cpp": "gcc12-c++17", "python3": "python3.11", "cobol": ""}
