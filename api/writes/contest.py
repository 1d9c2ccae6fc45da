"""PATCH contests/<id>: the spec's contest_start and contest_thaw capabilities, for admins.

- `start_time`: a TIME sets (or postpones, or brings forward) the start; the end, the freeze
  and the question deadline move with it, so the contest keeps its length. `null` clears the
  start (the countdown pauses), optionally with `countdown_pause_time`, the time the paused
  countdown shows. Refused (403) once the contest started or starts within 30 s, and for a new
  start in the past or within 30 s, as the spec says.
- `scoreboard_thaw_time`: Juiz thaws at once (the jury's unfreeze); a time in the past or now
  thaws now and answers 200 with the contest (the spec's "server used a different time"), a
  future one is refused (403: not supported), as is a thaw before the end or a second one.

A cleared start is kept in api.models.CountdownPause while the contest's times move a year
ahead: every rule of the site that reads the start (problems hidden, no submissions, the
clock) then keeps the contest from starting, without a second notion of "not started".
Every change goes through judge.services.contest_admin.update_contest (audited; the clocks
and the event feed hear it) or scoreboard.freeze.unfreeze.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.http import HttpRequest
from django.utils import timezone

from accounts.models import User
from api.countdown import pause_of
from api.http import JSON, ApiError, check_csrf, json_body
from api.models import CountdownPause
from api.serializers.config import contest_json
from api.writes.body import check_id, check_keys, reltime_value, require_admin, time_value
from contest.models import Contest
from judge.errors import ServiceError
from judge.services.contest_admin import update_contest
from live import events
from scoreboard import freeze

MARGIN = timedelta(seconds=30)  # the spec's "within 30s"
HELD = timedelta(days=365)  # where a cleared start waits: no countdown reaches it
KEYS = ("id", "start_time", "countdown_pause_time", "scoreboard_thaw_time")


def patch_contest(request: HttpRequest, user: User | None, contest: Contest) -> JSON:
    check_csrf(request)
    admin = require_admin(user, "change the contest's start or thaw")
    body = json_body(request)
    check_keys(body, KEYS)
    check_id(body, contest.short_name)
    starting, thawing = "start_time" in body, "scoreboard_thaw_time" in body
    if starting == thawing:
        raise ApiError(400, "give either start_time or scoreboard_thaw_time")
    if thawing:
        return _thaw(admin, contest, body["scoreboard_thaw_time"])
    if "countdown_pause_time" in body and body["start_time"] is not None:
        raise ApiError(400, "countdown_pause_time can only be given with start_time null")
    _start(admin, contest, body)
    contest.refresh_from_db()
    return contest_json(contest)


def _new_start(body: JSON, now: datetime) -> tuple[datetime, timedelta | None]:
    """(the start to store, the paused countdown's time or None)."""
    if body["start_time"] is not None:
        start = time_value(body["start_time"], "start_time")
        if start - now < MARGIN:
            raise ApiError(403, "the new start time is in the past or within 30 s")
        return start, None
    shown = body.get("countdown_pause_time")
    remaining = None if shown is None else reltime_value(shown, "countdown_pause_time")
    if remaining is not None and remaining <= timedelta(0):
        raise ApiError(400, "countdown_pause_time must be positive")
    return now + HELD, remaining


def _start(admin: User, contest: Contest, body: JSON) -> None:
    now = timezone.now()
    with transaction.atomic():
        locked = Contest.objects.select_for_update().get(pk=contest.pk)
        paused = pause_of(locked)
        if paused is None and locked.start - now < MARGIN:
            raise ApiError(403, "the contest has started or starts within 30 s")
        start, remaining = _new_start(body, now)
        CountdownPause.objects.filter(contest=locked).delete()  # a stale one too
        if body["start_time"] is None:
            CountdownPause.objects.create(contest=locked, remaining=remaining, held_start=start)
        try:
            changed = update_contest(contest=locked, admin=admin, changes=_moved(locked, start))
        except ServiceError as exc:
            raise ApiError(400, exc.message) from exc
        if not changed:  # a pause given a new countdown time moves nothing: still news
            events.contest_changed(locked.pk)


def _moved(contest: Contest, start: datetime) -> dict[str, datetime | None]:
    """The contest's times with the start at `start`, each moved by the same amount."""
    shift = start - contest.start

    def moved(when: datetime | None) -> datetime | None:
        return None if when is None else when + shift

    return {
        "start": start,
        "end": contest.end + shift,
        "freeze_start": moved(contest.freeze_start),
        "clarifications_until": moved(contest.clarifications_until),
    }


def _thaw(admin: User, contest: Contest, value: object) -> JSON:
    when, now = time_value(value, "scoreboard_thaw_time"), timezone.now()
    if contest.freeze_start is None:
        raise ApiError(403, "the contest has no scoreboard freeze")
    if contest.unfrozen_at is not None:
        raise ApiError(403, "the scoreboard is thawed already")
    if when < contest.end or now < contest.end:
        raise ApiError(403, "the scoreboard can be thawed only after the contest's end")
    if when > now:
        raise ApiError(403, "Juiz thaws at once: a thaw time in the future is not supported")
    freeze.unfreeze(contest, admin)
    events.scoreboard_changed(contest.pk, None)
    contest.refresh_from_db()
    return contest_json(contest)
