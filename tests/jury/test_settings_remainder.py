"""The contest settings beyond the times: the scheduled unfreeze (validated, queued on the RQ
scheduler, thawing the board at its time), who may submit, the medal counts; each audited."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import django_rq
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from redis import Redis
from rq.registry import ScheduledJobRegistry

from accounts.models import Category, User
from contest.models import Contest, Problem
from judge.errors import ServiceError
from judge.models import AuditAction, AuditEntry, Submission
from judge.services.submit import submit
from jury.forms import CONTEST_FIELDS
from scoreboard import awards, freeze, jobs, services
from tests.support.scoreboard import submit as submit_at

pytestmark = pytest.mark.django_db
TIMES = ("start", "end", "freeze_start", "unfreeze_at", "clarifications_until")


def _form(contest: Contest, **changes: Any) -> dict[str, Any]:
    """The settings form as a browser posts it: unticked boxes and empty times left out."""
    values = {n: getattr(contest, n) for n in CONTEST_FIELDS} | changes
    shown = {
        k: timezone.localtime(v).strftime("%Y-%m-%dT%H:%M")
        for k, v in values.items()
        if k in TIMES and isinstance(v, datetime)
    }
    return {k: v for k, v in values.items() if v is not False and v is not None} | shown


@pytest.fixture
def admin(admin_user: User) -> Client:
    client = Client()
    client.force_login(admin_user)
    return client


def _minute(when: datetime) -> datetime:
    return when.replace(second=0, microsecond=0)


def test_a_scheduled_unfreeze_needs_a_freeze_and_comes_after_the_end(
    admin: Client, contest: Contest
) -> None:
    url = reverse("jury:contest_settings")
    after_end = _minute(contest.end + timedelta(hours=1))
    response = admin.post(url, _form(contest, unfreeze_at=after_end))  # no freeze
    assert response.status_code == 400 and "needs a freeze" in response.content.decode()
    freeze_at = _minute(contest.end - timedelta(hours=1))
    early = admin.post(url, _form(contest, freeze_start=freeze_at, unfreeze_at=freeze_at))
    assert early.status_code == 400
    contest.refresh_from_db()
    assert contest.freeze_start is None and contest.unfreeze_at is None  # nothing half-written


def test_a_scheduled_unfreeze_is_queued_at_its_time_and_audited(
    admin: Client,
    contest: Contest,
    redis_conn: Redis,
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    freeze_at = _minute(contest.end - timedelta(hours=1))
    unfreeze_at = _minute(contest.end + timedelta(minutes=1))
    with django_capture_on_commit_callbacks(execute=True):
        response = admin.post(
            reverse("jury:contest_settings"),
            _form(contest, freeze_start=freeze_at, unfreeze_at=unfreeze_at),
        )
    assert response.status_code == 302
    registry = ScheduledJobRegistry(queue=django_rq.get_queue("default"))
    [job_id] = registry.get_job_ids()  # type: ignore[no-untyped-call]
    job = django_rq.get_queue("default").fetch_job(job_id)
    assert job is not None and job.func_name == "scoreboard.jobs.thaw"
    assert job.args == [contest.pk] or job.args == (contest.pk,)
    when = registry.get_scheduled_time(job_id)  # type: ignore[no-untyped-call]
    assert abs((when - unfreeze_at).total_seconds()) < 1
    entry = AuditEntry.objects.filter(action=AuditAction.CONTEST_SETTINGS).latest("pk")
    assert set(entry.after) == {"freeze_start", "unfreeze_at"}


def _frozen_over(contest: Contest, problem: Problem, team_user: User) -> None:
    """Over, frozen for its last two hours, with an accept made during the freeze."""
    now = timezone.now()
    Contest.objects.filter(pk=contest.pk).update(
        start=now - timedelta(hours=5),
        freeze_start=now - timedelta(hours=3),
        end=now - timedelta(hours=1),
        unfreeze_at=now + timedelta(minutes=5),
    )
    contest.refresh_from_db()
    assert team_user.team is not None
    submit_at(contest, team_user.team, problem, 150, "final", "Accepted")  # during the freeze


def _public_winner(contest: Contest) -> tuple[int, ...]:
    return next(a.team_ids for a in awards.awards(contest, "public") if a.id == "winner")


def test_the_thaw_does_nothing_before_its_time_and_unfreezes_at_it(
    contest: Contest, problem: Problem, team_user: User, redis_conn: Redis
) -> None:
    _frozen_over(contest, problem, team_user)
    services.rebuild(contest)
    assert jobs.thaw(contest.pk) is False and _public_winner(contest) == ()
    Contest.objects.filter(pk=contest.pk).update(unfreeze_at=timezone.now())
    assert jobs.thaw(contest.pk) is True
    contest.refresh_from_db()
    assert contest.unfrozen_at is not None and not contest.is_frozen()
    assert _public_winner(contest) == (team_user.team_id,)
    assert jobs.thaw(contest.pk) is False  # twice: nothing more
    assert AuditEntry.objects.filter(target__contains="scheduled time").count() == 1


def test_a_board_read_after_the_time_thaws_a_late_job(
    client: Client, contest: Contest, problem: Problem, team_user: User, redis_conn: Redis
) -> None:
    _frozen_over(contest, problem, team_user)
    Contest.objects.filter(pk=contest.pk).update(unfreeze_at=timezone.now())
    response = client.get(reverse("scoreboard:board"), {"contest": contest.pk})
    assert response.status_code == 200 and not response.context["public_frozen"]
    contest.refresh_from_db()
    assert contest.unfrozen_at is not None


def test_freezing_again_clears_a_past_schedule(
    contest: Contest, problem: Problem, team_user: User, redis_conn: Redis
) -> None:
    _frozen_over(contest, problem, team_user)
    Contest.objects.filter(pk=contest.pk).update(unfreeze_at=timezone.now())
    jobs.thaw(contest.pk)
    contest.refresh_from_db()
    freeze.refreeze(contest)
    contest.refresh_from_db()
    assert contest.unfreeze_at is None and contest.is_frozen()
    assert jobs.thaw(contest.pk) is False


# --- who may submit ---------------------------------------------------------------------------


def _submit(user: User, problem: Problem) -> None:
    """As the submit view does: the contest read at the request."""
    contest = Contest.objects.get(pk=problem.contest_id)
    submit(user=user, contest=contest, problem=problem, filename="a.py", source=b"x=1\n")


def test_nobody_may_submit_when_the_jury_closes_submissions(
    admin: Client, problem: Problem, team_user: User, languages: dict[str, Any]
) -> None:
    contest = problem.contest
    response = admin.post(reverse("jury:contest_settings"), _form(contest, submitters="nobody"))
    assert response.status_code == 302
    with pytest.raises(ServiceError) as refused:
        _submit(team_user, problem)
    assert refused.value.code == "may_not_submit"
    entry = AuditEntry.objects.filter(action=AuditAction.CONTEST_SETTINGS).latest("pk")
    assert entry.after == {"submitters": "nobody"}


def test_only_the_chosen_categories_may_submit(
    admin: Client,
    problem: Problem,
    team_user: User,
    other_team_user: User,
    languages: dict[str, Any],
) -> None:
    contest, students = problem.contest, Category.objects.create(name="Students")
    assert team_user.team is not None
    team_user.team.category = students
    team_user.team.save()
    url = reverse("jury:contest_settings")
    none_chosen = admin.post(url, _form(contest, submitters="categories"))
    assert none_chosen.status_code == 400
    assert "Choose the categories" in none_chosen.content.decode()
    chosen = _form(contest, submitters="categories") | {"submit_categories": [students.pk]}
    assert admin.post(url, chosen).status_code == 302
    _submit(team_user, problem)
    with pytest.raises(ServiceError):
        _submit(other_team_user, problem)  # Beta has no category
    entry = AuditEntry.objects.filter(action=AuditAction.CONTEST_SETTINGS).latest("pk")
    assert entry.after == {"submit_categories": ["Students"]}


def test_medal_counts_are_set_in_the_settings_page(admin: Client, contest: Contest) -> None:
    form = _form(contest, gold_medals=4, silver_medals=4, bronze_medals=5)
    assert admin.post(reverse("jury:contest_settings"), form).status_code == 302
    contest.refresh_from_db()
    assert (contest.gold_medals, contest.silver_medals, contest.bronze_medals) == (4, 4, 5)
    ids = {a.id for a in awards.awards(contest, "jury")}
    assert {"gold-medal", "silver-medal", "bronze-medal"} <= ids


def test_a_team_is_told_in_its_form_that_submissions_are_closed(
    problem: Problem, team_user: User, languages: dict[str, Any]
) -> None:
    Contest.objects.filter(pk=problem.contest_id).update(submitters="nobody")
    client = Client()
    client.force_login(team_user)
    upload = SimpleUploadedFile("sum.py", b"print(1)\n", content_type="text/x-python")
    response = client.post(reverse("team:submit"), {"problem": problem.pk, "file": upload})
    assert response.status_code == 200  # the form again, with the reason
    assert "Submissions are closed for your team." in response.content.decode()
    assert not Submission.objects.exists()
