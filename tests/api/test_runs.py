"""The runs endpoint: who sees which test runs, and what a run says (api/runs.py)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from accounts.models import User
from contest.models import TeamFeedback
from judge.models import Judgement, Submission
from judge.models import TestRun as StoredRun  # pytest would collect a Test* name
from judge.services.results import on_judgement_done, store_report
from judging.classification import Classification
from judging.report import Report
from judging.report import TestReport as Case
from tests.api.conftest import World, basic, client_for
from tests.api.schemas import assert_valid, strict_get

pytestmark = pytest.mark.django_db

C = Classification


def _judge_mixed(sub: Submission) -> Judgement:
    """A sample that passes, a secret test with a non-zero exit, then a skipped test."""
    judgement = sub.judgements.get()
    Judgement.objects.filter(pk=judgement.pk).update(started_at=timezone.now())
    judgement.refresh_from_db()
    tests = [
        Case(name="sample/1", classification=C.ACCEPTED, cpu_ms=12, sample=True),
        Case(name="secret/1", classification=C.INVALID_EXIT_VALUE, cpu_ms=43),
        Case(name="secret/2", classification=C.EVALUATION_SKIPPED),
    ]
    store_report(judgement, Report(classification=C.INVALID_EXIT_VALUE, tests=tests))
    on_judgement_done(judgement)
    return judgement


@pytest.fixture
def mixed(world: World) -> Judgement:
    """The team's queued C submission, judged now with three tests."""
    return _judge_mixed(world.queued)


def _runs(client: Client, query: str = "", **headers: str) -> list[dict[str, object]]:
    response = client.get(f"/api/contests/test/runs{query}", **headers)
    assert response.status_code == 200, response.content
    found: list[dict[str, object]] = response.json()
    return found


def _run_ids(judgement: Judgement, *names: str) -> set[str]:
    return {str(r.pk) for r in StoredRun.objects.filter(judgement=judgement, name__in=names)}


def _feedback(world: World, level: TeamFeedback) -> None:
    world.contest.team_feedback = level
    world.contest.save()


def test_a_run_carries_the_mapped_type_its_ordinal_and_cpu_time(
    world: World, mixed: Judgement
) -> None:
    runs = _runs(client_for(world.judge_user), f"?judgement_id={mixed.pk}")
    assert [r["ordinal"] for r in runs] == [1, 2]  # the skipped third test was not run
    first, second = runs
    assert first["judgement_type_id"] == "AC" and first["run_time"] == 0.012
    assert second["judgement_type_id"] == "RTE" and second["x_mooshak"] == "Invalid Exit Value"
    assert second["run_time"] == 0.043
    mixed.refresh_from_db()
    assert mixed.finished_at is not None
    assert first["time"] == second["time"]  # runs are stored with the report, at its end
    strict = strict_get(client_for(world.judge_user), f"contests/test/runs/{second['id']}")
    assert_valid("run.json", strict)
    assert "x_mooshak" not in strict and strict["judgement_type_id"] == "RTE"


def test_the_jury_sees_every_run_of_every_judgement(world: World, mixed: Judgement) -> None:
    again = Judgement.objects.create(submission=world.queued, reason=Judgement.Reason.REEVALUATION)
    store_report(again, Report(classification=C.ACCEPTED, tests=[Case("t", C.ACCEPTED)]))
    ids = {r["id"] for r in _runs(client_for(world.judge_user))}
    expected = {str(r.pk) for r in StoredRun.objects.exclude(classification=C.EVALUATION_SKIPPED)}
    assert ids == expected and len(ids) == 6  # accepted 2 + rival 1 + mixed 2 + again 1
    # The team sees none of the reevaluation's runs: it is not the report in force.
    _feedback(world, TeamFeedback.ALL)
    team_ids = {r["id"] for r in _runs(client_for(world.team_user))}
    assert not team_ids & {str(r.pk) for r in again.runs.all()}


@pytest.mark.parametrize(
    ("level", "names"),
    [
        (TeamFeedback.NONE, ()),
        (TeamFeedback.VERDICT, ()),
        (TeamFeedback.SAMPLES, ("sample/1",)),
        (TeamFeedback.ALL, ("sample/1", "secret/1")),
    ],
)
def test_a_team_sees_the_runs_its_own_pages_list(
    world: World, mixed: Judgement, level: TeamFeedback, names: tuple[str, ...]
) -> None:
    _feedback(world, level)
    ids = {r["id"] for r in _runs(client_for(world.team_user), f"?judgement_id={mixed.pk}")}
    assert ids == _run_ids(mixed, *names)
    secret = StoredRun.objects.get(judgement=mixed, name="secret/1")
    status = client_for(world.team_user).get(f"/api/contests/test/runs/{secret.pk}").status_code
    assert status == (200 if "secret/1" in names else 404)


def test_a_team_never_sees_another_teams_runs(world: World, mixed: Judgement) -> None:
    _feedback(world, TeamFeedback.ALL)
    beta = client_for(world.other_team_user)
    assert {r["judgement_id"] for r in _runs(beta)} == {str(world.rival.current_judgement_id)}
    own = StoredRun.objects.filter(judgement=mixed).first()
    assert own is not None
    assert beta.get(f"/api/contests/test/runs/{own.pk}").status_code == 404
    # Not after the contest either, when the other team's judgements are public.
    contest = world.contest
    contest.start -= timedelta(hours=10)
    contest.end = contest.start + timedelta(hours=5)
    contest.save()
    assert {r["judgement_id"] for r in _runs(beta)} == {str(world.rival.current_judgement_id)}


def test_a_hidden_verdict_hides_its_runs(world: World, mixed: Judgement) -> None:
    _feedback(world, TeamFeedback.ALL)
    world.contest.show_pending_to_teams = False
    world.contest.save()
    assert _runs(client_for(world.team_user)) == []  # every verdict is still pending
    assert _runs(client_for(world.judge_user))


def test_a_team_sees_its_own_runs_during_the_freeze(world: World, mixed: Judgement) -> None:
    _feedback(world, TeamFeedback.ALL)
    world.contest.freeze_start = timezone.now() - timedelta(minutes=5)
    world.contest.save()
    ids = {r["id"] for r in _runs(client_for(world.team_user), "", **basic("alpha1"))}
    assert ids >= _run_ids(mixed, "sample/1", "secret/1")
    assert _runs(client_for()) == []


@pytest.mark.parametrize("moment", ["running", "frozen", "over"])
def test_the_public_sees_no_runs(world: World, mixed: Judgement, moment: str) -> None:
    _feedback(world, TeamFeedback.ALL)
    contest = world.contest
    if moment == "frozen":
        contest.freeze_start = timezone.now() - timedelta(minutes=5)
    if moment == "over":
        contest.start -= timedelta(hours=10)
        contest.end = contest.start + timedelta(hours=5)
    contest.save()
    public = client_for()
    assert _runs(public) == []
    run = StoredRun.objects.filter(judgement=mixed).first()
    assert run is not None
    assert public.get(f"/api/contests/test/runs/{run.pk}").status_code == 404


def test_runners_and_admins_read_runs_like_judges(
    world: World, mixed: Judgement, runner_user: User, admin_user: User
) -> None:
    judge_view = _runs(client_for(world.judge_user))
    assert _runs(client_for(runner_user)) == judge_view
    assert _runs(client_for(admin_user)) == judge_view


@pytest.mark.parametrize("bad", ["abc", "\u0661", "99999999999999999999", "0"])
def test_an_unknown_run_is_a_json_404(world: World, bad: str) -> None:
    response = client_for(world.judge_user).get(f"/api/contests/test/runs/{bad}")
    assert response.status_code == 404 and response.json()["code"] == 404
