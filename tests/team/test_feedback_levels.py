"""The team feedback levels (Contest.team_feedback, Mooshak's): the verdict only by default, the
sample tests, or every test; set on the jury's contest settings page and carried over from the
old `feedback` setting by the migration."""

from __future__ import annotations

import pytest
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse

from accounts.models import User
from contest.models import Contest, Problem
from judge.models import AuditAction, AuditEntry
from judge.selectors.visibility import team_test_rows
from jury.forms import CONTEST_FIELDS
from live import submissions as subviews
from tests.conftest import migrate_to_latest
from tests.support.function_problems import judged_add, logged_in

BEFORE = [("contest", "0005_blob_chunks")]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("level", "cases"), [("verdict", []), ("samples", ["small"]), ("all", ["small", "secret"])]
)
def test_a_function_problems_hidden_case_is_listed_only_at_the_all_level(
    fn: Problem, team_user: User, level: str, cases: list[str]
) -> None:
    fn.contest.team_feedback = level
    fn.contest.save()
    submission = judged_add(fn, team_user)
    assert [row.name for row in team_test_rows(submission)] == cases
    html = logged_in(team_user).get(reverse("team:submission", args=[submission.pk])).content
    assert (b">secret<" in html) == ("secret" in cases)
    assert b"Wrong Answer" in html  # the verdict, at every level
    live = subviews.view(subviews.load(submission.pk), "team")  # type: ignore[arg-type]
    assert live["classification"] == "Wrong Answer" and "secret" not in str(live)


@pytest.mark.django_db
def test_the_jury_sets_the_level_and_the_change_is_audited(
    contest: Contest, admin_user: User
) -> None:
    client = Client()
    client.force_login(admin_user)
    page = client.get(reverse("jury:contest_settings")).content.decode()
    assert 'name="team_feedback"' in page and "every test one by one (courses)" in page
    data = {name: getattr(contest, name) for name in CONTEST_FIELDS}
    # An unticked box and an empty date are left out of the form, as a browser does.
    data = {k: v for k, v in data.items() if v is not False and v is not None}
    data["team_feedback"] = "samples"
    response = client.post(reverse("jury:contest_settings"), data)
    assert response.status_code == 302
    contest.refresh_from_db()
    assert contest.team_feedback == "samples"
    entry = AuditEntry.objects.get(action=AuditAction.CONTEST_SETTINGS)
    assert (entry.before, entry.after) == (
        {"team_feedback": "verdict"},
        {"team_feedback": "samples"},
    )
    bad = client.post(reverse("jury:contest_settings"), {**data, "team_feedback": "everything"})
    assert bad.status_code == 400


def test_the_migration_keeps_what_teams_saw(executor: MigrationExecutor) -> None:
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps.get_model("contest", "Contest")
    ids = {}
    for feedback in ("none", "classification", "report"):
        ids[feedback] = old.objects.create(
            name=feedback,
            short_name=feedback,
            start="2026-01-01T10:00Z",
            end="2026-01-01T15:00Z",
            feedback=feedback,
        ).pk
    migrate_to_latest(executor)
    levels = {k: Contest.objects.get(pk=pk).team_feedback for k, pk in ids.items()}
    assert levels == {"none": "none", "classification": "verdict", "report": "all"}
