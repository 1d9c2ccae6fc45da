"""PATCH contests/<id>: an admin sets, postpones and clears (pauses) the start, and thaws the
board after the end; the spec's refusals, for every role, leave the contest unchanged."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import TYPE_CHECKING

import pytest
from django.test import Client
from django.utils import timezone

from accounts.models import User
from api.formats import abstime
from api.models import CountdownPause, FeedEvent
from contest.models import Contest
from judge.models import AuditEntry
from judge.services.contest_admin import update_contest
from tests.api.conftest import basic

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as Response

pytestmark = pytest.mark.django_db(transaction=True)  # the feed records after the commit

URL = "/api/contests/test"


def _patch(body: object, user: User | None) -> Response:
    headers = basic(user.username) if user is not None else {}
    return Client().patch(URL, json.dumps(body), content_type="application/json", **headers)


def _upcoming(contest: Contest, minutes: int = 10) -> Contest:
    contest.start = timezone.now() + timedelta(minutes=minutes)
    contest.end = contest.start + timedelta(hours=5)
    contest.freeze_start = contest.end - timedelta(hours=1)
    contest.save()
    return contest


def _times(contest: Contest) -> tuple[object, ...]:
    contest.refresh_from_db()
    return contest.start, contest.end, contest.freeze_start


def test_an_admin_postpones_the_start_and_the_contest_keeps_its_length(
    contest: Contest, admin_user: User
) -> None:
    _upcoming(contest)
    later = (timezone.now() + timedelta(hours=2)).replace(microsecond=0)
    response = _patch({"id": "test", "start_time": abstime(later)}, admin_user)
    assert response.status_code == 200, response.content
    assert response.json()["start_time"] == abstime(later)
    contest.refresh_from_db()
    assert contest.start == later and contest.end == later + timedelta(hours=5)
    assert contest.freeze_start == later + timedelta(hours=4)
    assert AuditEntry.objects.filter(contest=contest).exists()
    fed = FeedEvent.objects.filter(type="contest", audience="public").latest("id")
    assert fed.data is not None and fed.data["start_time"] == abstime(later)


def test_a_start_in_the_specs_own_format_is_read(contest: Contest, admin_user: User) -> None:
    _upcoming(contest)
    when = timezone.now() + timedelta(days=3)
    spelled = when.astimezone(timezone.get_fixed_timezone(60)).strftime("%Y-%m-%dT%H:%M:%S+01")
    assert _patch({"id": "test", "start_time": spelled}, admin_user).status_code == 200
    contest.refresh_from_db()
    assert contest.start == when.replace(microsecond=0)


def test_a_null_start_pauses_the_countdown_until_a_start_is_set(
    contest: Contest, admin_user: User, team_user: User
) -> None:
    _upcoming(contest, minutes=5)
    body = {"id": "test", "start_time": None, "countdown_pause_time": "0:04:30"}
    response = _patch(body, admin_user)
    assert response.status_code == 200, response.content
    shown = Client().get(URL).json()
    assert shown["start_time"] is None and shown["countdown_pause_time"] == "0:04:30.000"
    contest.refresh_from_db()
    assert contest.start > timezone.now() + timedelta(days=300)  # nothing can start
    assert Client().get(f"{URL}/state").json()["started"] is None
    assert Client().get(f"{URL}/problems").json() == []
    resume = (timezone.now() + timedelta(minutes=4, seconds=30)).replace(microsecond=0)
    assert _patch({"id": "test", "start_time": abstime(resume)}, admin_user).status_code == 200
    shown = Client().get(URL).json()
    assert shown["start_time"] == abstime(resume) and shown["countdown_pause_time"] is None
    assert not CountdownPause.objects.exists()
    contest.refresh_from_db()
    assert contest.end - contest.start == timedelta(hours=5)


def test_a_null_start_without_a_countdown_time_is_an_undefined_start(
    contest: Contest, admin_user: User
) -> None:
    _upcoming(contest)
    assert _patch({"id": "test", "start_time": None}, admin_user).status_code == 200
    shown = Client().get(URL).json()
    assert shown["start_time"] is None and shown["countdown_pause_time"] is None


@pytest.mark.parametrize(
    ("minutes", "new_start_s", "says"),
    [
        (-60, 3600, "has started"),  # the fixture's contest is running
        (0, 3600, "has started"),  # within 30 s of its start
        (10, -60, "in the past"),
        (10, 10, "within 30 s"),
    ],
)
def test_the_specs_403s_change_nothing(
    contest: Contest, admin_user: User, minutes: int, new_start_s: int, says: str
) -> None:
    if minutes >= 0:
        _upcoming(contest, minutes)
        if minutes == 0:
            contest.start = timezone.now() + timedelta(seconds=20)
            contest.save()
    before = _times(contest)
    when = abstime(timezone.now() + timedelta(seconds=new_start_s))
    response = _patch({"id": "test", "start_time": when}, admin_user)
    assert response.status_code == 403, response.content
    assert says in response.json()["message"] and response.json()["code"] == 403
    assert _times(contest) == before


@pytest.mark.parametrize(
    ("body", "status", "says"),
    [
        ({"start_time": None}, 400, "id is required"),
        ({"id": "other", "start_time": None}, 409, "does not match"),
        ({"id": "test"}, 400, "either start_time or scoreboard_thaw_time"),
        ({"id": "test", "start_time": "tomorrow"}, 400, "TIME"),
        ({"id": "test", "start_time": "2030-01-01T10:00:00"}, 400, "TIME"),  # no offset
        ({"id": "test", "start_time": None, "countdown_pause_time": "5 min"}, 400, "RELTIME"),
        ({"id": "test", "start_time": None, "countdown_pause_time": "0:00:00"}, 400, "positive"),
        (
            {
                "id": "test",
                "start_time": "2030-01-01T10:00:00+00",
                "countdown_pause_time": "0:05:00",
            },
            400,
            "only be given with start_time null",
        ),
        ({"id": "test", "start_time": None, "name": "x"}, 400, "unknown properties"),
        ([], 400, "JSON object"),
    ],
)
def test_bad_bodies_get_the_specs_error_and_change_nothing(
    contest: Contest, admin_user: User, body: object, status: int, says: str
) -> None:
    _upcoming(contest)
    before = _times(contest)
    response = _patch(body, admin_user)
    assert response.status_code == status, response.content
    assert says in response.json()["message"]
    assert _times(contest) == before and not CountdownPause.objects.exists()


def test_only_admins_change_the_start(
    contest: Contest, judge_user: User, team_user: User, runner_user: User
) -> None:
    _upcoming(contest)
    before = _times(contest)
    body = {"id": "test", "start_time": None}
    assert _patch(body, None).status_code == 401
    for user in (judge_user, team_user, runner_user):
        response = _patch(body, user)
        assert response.status_code == 403 and "only admins" in response.json()["message"]
    assert _times(contest) == before and not CountdownPause.objects.exists()


def test_a_session_patch_needs_the_csrf_token(contest: Contest, admin_user: User) -> None:
    _upcoming(contest)
    client = Client(enforce_csrf_checks=True)
    client.force_login(admin_user)
    body = json.dumps({"id": "test", "start_time": None})
    assert client.patch(URL, body, content_type="application/json").status_code == 403
    assert not CountdownPause.objects.exists()


def test_admins_see_the_start_and_thaw_capabilities(admin_user: User, contest: Contest) -> None:
    access = Client().get(f"{URL}/access", **basic(admin_user.username)).json()
    assert {"contest_start", "contest_thaw"} <= set(access["capabilities"])


def _ended_frozen(contest: Contest) -> None:
    now = timezone.now()
    contest.start, contest.end = now - timedelta(hours=5), now - timedelta(minutes=5)
    contest.freeze_start = contest.end - timedelta(hours=1)
    contest.save()


def test_a_thaw_in_the_past_thaws_now(contest: Contest, admin_user: User) -> None:
    _ended_frozen(contest)
    body = {"id": "test", "scoreboard_thaw_time": abstime(timezone.now())}
    response = _patch(body, admin_user)
    assert response.status_code == 200, response.content
    contest.refresh_from_db()
    assert contest.unfrozen_at is not None
    assert response.json()["scoreboard_thaw_time"] == abstime(contest.unfrozen_at)
    assert Client().get(f"{URL}/state").json()["thawed"] is not None
    again = _patch(body, admin_user)
    assert again.status_code == 403 and "already" in again.json()["message"]


@pytest.mark.parametrize("case", ["running", "future", "before-end", "no-freeze", "judge"])
def test_thaws_the_spec_refuses(
    contest: Contest, admin_user: User, judge_user: User, case: str
) -> None:
    _ended_frozen(contest)
    when = timezone.now()
    user = judge_user if case == "judge" else admin_user
    if case == "running":
        contest.end = timezone.now() + timedelta(hours=1)
    if case == "no-freeze":
        contest.freeze_start = None
    contest.save()
    if case == "future":
        when += timedelta(hours=1)
    if case == "before-end":
        when = contest.end - timedelta(minutes=1)
    response = _patch({"id": "test", "scoreboard_thaw_time": abstime(when)}, user)
    assert response.status_code == 403, response.content
    contest.refresh_from_db()
    assert contest.unfrozen_at is None


def test_a_start_moved_elsewhere_ends_the_pause(contest: Contest, admin_user: User) -> None:
    """The jury's settings page moves the start of a paused contest: the API shows that start,
    and once the contest runs its start can no longer be changed through the API."""
    _upcoming(contest)
    assert _patch({"id": "test", "start_time": None}, admin_user).status_code == 200
    contest.refresh_from_db()
    now = timezone.now()
    update_contest(
        contest=contest,
        admin=admin_user,
        changes={
            "start": now - timedelta(minutes=1),
            "end": now + timedelta(hours=5),
            "freeze_start": None,
        },
    )
    assert Client().get(URL).json()["start_time"] is not None
    later = abstime(now + timedelta(hours=2))
    response = _patch({"id": "test", "start_time": later}, admin_user)
    assert response.status_code == 403 and "has started" in response.json()["message"]
