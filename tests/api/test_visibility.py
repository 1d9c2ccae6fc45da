"""Who sees which submissions, files, judgements and problems through the API."""

from __future__ import annotations

import io
import zipfile
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from judge.models import Judgement, Submission
from tests.api.conftest import PY_SOURCE, World, basic, client_for

pytestmark = pytest.mark.django_db


def _ids(client: Client, path: str, **headers: str) -> set[str]:
    response = client.get(f"/api/contests/test/{path}", **headers)
    assert response.status_code == 200, response.content
    return {obj["id"] for obj in response.json()}


def _status(client: Client, path: str, **headers: str) -> int:
    return int(client.get(f"/api/contests/test/{path}", **headers).status_code)


def _end_contest(world: World, *, frozen: bool = False) -> None:
    contest = world.contest
    contest.start -= timedelta(hours=10)
    contest.end = contest.start + timedelta(hours=5)
    contest.freeze_start = contest.end - timedelta(hours=1) if frozen else None
    contest.save()


def _judgement_ids(*subs: Submission) -> set[str]:
    return {str(j.pk) for j in Judgement.objects.filter(submission__in=subs)}


def test_team_sees_only_its_own_submissions(world: World) -> None:
    alpha = client_for(world.team_user)
    own = {str(world.accepted.pk), str(world.queued.pk)}
    assert _ids(alpha, "submissions") == own
    assert _status(alpha, f"submissions/{world.rival.pk}") == 404
    assert _status(alpha, f"submissions/{world.rival.pk}/files") == 404
    assert _ids(alpha, "judgements") == _judgement_ids(world.accepted, world.queued)
    rival_judgement = world.rival.judgements.get()
    assert _status(alpha, f"judgements/{rival_judgement.pk}") == 404
    # The same with HTTP basic auth instead of the session.
    assert _ids(Client(), "submissions", **basic("alpha1")) == own


def test_team_downloads_its_own_files(world: World) -> None:
    response = client_for(world.team_user).get(
        f"/api/contests/test/submissions/{world.accepted.pk}/files"
    )
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    with zipfile.ZipFile(io.BytesIO(response.content)) as archive:
        assert archive.namelist() == ["sum.py"]
        assert archive.read("sum.py") == PY_SOURCE


def test_jury_sees_everything(world: World) -> None:
    judge = client_for(world.judge_user)
    assert len(_ids(judge, "submissions")) == 3
    assert _status(judge, f"submissions/{world.rival.pk}/files") == 200
    listed = client_for(world.judge_user).get("/api/contests/test/submissions").json()
    assert all(s["files"] for s in listed)


def test_public_sees_no_submissions_during_the_contest(world: World) -> None:
    public = client_for()
    assert _ids(public, "submissions") == set()
    assert _ids(public, "judgements") == set()
    assert _status(public, f"submissions/{world.accepted.pk}") == 404
    assert _ids(public, "problems") == {str(world.problem.pk)}


def test_public_sees_results_but_no_code_after_the_contest(world: World) -> None:
    _end_contest(world)
    public = client_for()
    subs = public.get("/api/contests/test/submissions").json()
    assert len(subs) == 3 and all(s["files"] == [] for s in subs)
    assert _status(public, f"submissions/{world.accepted.pk}/files") == 404
    assert _ids(public, "judgements") == _judgement_ids(world.accepted, world.queued, world.rival)
    # Another team gets the same public view of the rival, still without the code.
    alpha = client_for(world.team_user)
    rival = alpha.get(f"/api/contests/test/submissions/{world.rival.pk}").json()
    assert rival["files"] == []


def test_frozen_results_stay_hidden_after_the_contest(world: World) -> None:
    _end_contest(world, frozen=True)
    assert _ids(client_for(), "submissions") == set()
    world.contest.unfrozen_at = timezone.now()
    world.contest.save()
    assert len(_ids(client_for(), "submissions")) == 3


def test_problems_are_hidden_before_the_start(world: World) -> None:
    contest = world.contest
    contest.start = timezone.now() + timedelta(hours=1)
    contest.end = contest.start + timedelta(hours=5)
    contest.save()
    assert _ids(client_for(world.team_user), "problems") == set()
    assert _status(client_for(), f"problems/{world.problem.pk}") == 404
    assert _ids(client_for(world.judge_user), "problems") == {str(world.problem.pk)}


def test_teams_see_only_the_current_judgement(world: World) -> None:
    again = Judgement.objects.create(
        submission=world.accepted, reason=Judgement.Reason.REEVALUATION
    )
    path = f"judgements?submission_id={world.accepted.pk}"
    jury_view = client_for(world.judge_user).get(f"/api/contests/test/{path}").json()
    assert {j["id"] for j in jury_view} == _judgement_ids(world.accepted)
    current = [j for j in jury_view if j["current"]]
    assert len(current) == 1 and current[0]["id"] != str(again.pk)
    team_view = client_for(world.team_user).get(f"/api/contests/test/{path}").json()
    assert team_view == current


def test_pending_verdicts_follow_the_contest_setting(world: World) -> None:
    path = f"/api/contests/test/judgements?submission_id={world.accepted.pk}"
    assert client_for(world.team_user).get(path).json()[0]["judgement_type_id"] == "AC"
    world.contest.show_pending_to_teams = False
    world.contest.save()
    hidden = client_for(world.team_user).get(path).json()[0]
    assert hidden["judgement_type_id"] is None and hidden["max_run_time"] is None
    assert hidden["end_time"] is None
    assert client_for(world.judge_user).get(path).json()[0]["judgement_type_id"] == "AC"


def test_filters_combine(world: World) -> None:
    judge = client_for(world.judge_user)
    team = world.team_user.team_id
    assert _ids(judge, f"submissions?team_id={team}") == {
        str(world.accepted.pk),
        str(world.queued.pk),
    }
    assert _ids(judge, f"submissions?team_id={team}&language_id=c") == {str(world.queued.pk)}
    assert _ids(judge, f"submissions?team_id={team}&language_id=java") == set()
    # An empty value matches null: only the unjudged submission has no verdict yet.
    queued = _ids(judge, "judgements?judgement_type_id=")
    assert queued == _judgement_ids(world.queued)
