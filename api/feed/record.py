"""Appending to the event feed: compare what the endpoints show now with the last event of
each object, per audience, and append the differences (creates, updates, deletes).

Why a comparison and not one event per hook: the hooks (live/events.py) say *what* may have
changed, after the commit; the endpoints say what it looks like. Comparing makes a lost call
harmless (the next pass over the same endpoint finds the difference), repeats harmless (no
difference, no row), and keeps the feed equal to the endpoints by construction. Writers of a
contest take the contest's row lock, so rows are appended one pass after another:
ids grow in the order the passes read the committed state, and a reader that has seen id n
never later finds a new row below n.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from api import visibility
from api.feed import collect, notify
from api.http import JSON
from api.models import Audience, FeedEvent
from contest.models import Contest
from contest.selectors import teams_of
from judge.models import Clarification, Judgement, JudgementState, Submission

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Scope:
    """Which endpoints to compare: `types`, for the jury and the public, and `team_types`
    for the teams named (None: every team of the contest). With `submission`, the endpoints
    of submissions compare only that submission's objects."""

    types: tuple[str, ...]
    team_types: tuple[str, ...] = ()
    teams: tuple[int, ...] | None = ()
    submission: int | None = None


EVERYTHING = Scope(collect.TYPES, collect.TEAM_TYPES, None)


def _latest(
    contest: Contest, audience: str, team_id: int | None, kind: str, ids: list[str] | None
) -> dict[str, JSON | None]:
    """The last recorded data of every object (or of those `ids`) of one endpoint and audience
    (None: deleted)."""
    log_rows = FeedEvent.objects.filter(
        contest=contest, audience=audience, team_id=team_id, type=kind
    )
    if ids is not None:
        log_rows = log_rows.filter(object_id__in=ids)
    newest = log_rows.values("object_id").annotate(last=Max("id")).values("last")
    return dict(FeedEvent.objects.filter(pk__in=newest).values_list("object_id", "data"))


@dataclass(frozen=True)
class _Narrowed:
    """A pass over one submission's objects: its id, and every id of its objects by endpoint
    (read once per pass, for all audiences)."""

    submission: int
    ids: dict[str, list[str]]

    @classmethod
    def of(cls, submission: int | None) -> _Narrowed | None:
        if submission is None:
            return None
        kinds = collect.SUBMISSION_TYPES
        return cls(submission, {k: collect.ids_of_submission(k, submission) for k in kinds})


def _now_and_before(
    contest: Contest, audience: str, team_id: int | None, kind: str, narrowed: _Narrowed | None
) -> tuple[dict[str, JSON], dict[str, JSON | None]]:
    user = collect.viewer(audience, team_id)
    if narrowed is None or kind not in narrowed.ids:
        return (
            collect.current(kind, contest.short_name, user),
            _latest(contest, audience, team_id, kind, None),
        )
    return (
        collect.of_submission(kind, contest, user, narrowed.submission),
        _latest(contest, audience, team_id, kind, narrowed.ids[kind]),
    )


def _differences(
    contest: Contest, audience: str, team_id: int | None, kind: str, narrowed: _Narrowed | None
) -> list[FeedEvent]:
    now, before = _now_and_before(contest, audience, team_id, kind, narrowed)
    made = [
        FeedEvent(
            contest=contest,
            type=kind,
            object_id=oid,
            data=data,
            audience=audience,
            team_id=team_id,
        )
        for oid, data in now.items()
        if before.get(oid) != data
    ]
    made += [
        FeedEvent(
            contest=contest, type=kind, object_id=oid, data=None, audience=audience, team_id=team_id
        )
        for oid, data in sorted(before.items())
        if data is not None and oid not in now
    ]
    return made


def _teams(contest: Contest, scope: Scope) -> Iterable[int]:
    if scope.teams is not None:
        return scope.teams
    return teams_of(contest).order_by("pk").values_list("pk", flat=True)  # as the teams endpoint


def record(contest_id: int, scope: Scope = EVERYTHING) -> int:
    """One pass: append what changed in the scope's endpoints; returns how many rows."""
    with transaction.atomic():
        # The contest's row lock orders the passes (SQLite serialises writers by itself). NO
        # KEY UPDATE, not UPDATE: a submission's insert checks its foreign key to the contest
        # with FOR KEY SHARE at its commit, and must not wait for a pass (about 50 ms).
        contest = Contest.objects.select_for_update(no_key=True).filter(pk=contest_id).first()
        if contest is None:
            return 0
        made: list[FeedEvent] = []
        sub = _Narrowed.of(scope.submission)
        for kind in scope.types:
            made += _differences(contest, Audience.JURY, None, kind, sub)
            made += _differences(contest, Audience.PUBLIC, None, kind, sub)
        if scope.team_types:
            for team_id in _teams(contest, scope):
                for kind in scope.team_types:
                    made += _differences(contest, Audience.TEAM, team_id, kind, sub)
        FeedEvent.objects.bulk_create(made)
        if made:
            transaction.on_commit(lambda: notify.announce(contest_id))
    return len(made)


def ensure_started(contest_id: int) -> None:
    """The snapshot a client with no token starts from: made on the first read of a contest's
    feed (or by the first change recorded), so objects created before the feed existed, or
    while nobody recorded, are in it."""
    if not FeedEvent.objects.filter(contest_id=contest_id).exists():
        record(contest_id)


def _submission_scope(sub: Submission, awards: bool) -> Scope:
    """A submission's own objects, for the jury, the public and its team; and the awards
    when a verdict may have changed them (not at each test done)."""
    # Once results are public every team's view of submissions changes, not only the owner's.
    everyone = visibility.results_public(sub.contest, timezone.now())
    kinds = collect.SUBMISSION_TYPES
    return Scope(
        (*kinds, "awards") if awards else kinds,
        kinds,
        None if everyone else (sub.team_id,),
        submission=sub.pk,
    )


def _verdict_may_change(subject: str, object_id: int) -> bool:
    """A judgement that is still queued or judging has no verdict yet: its progress changes
    its runs, not the awards."""
    if subject != "judgement":
        return True
    state = Judgement.objects.filter(pk=object_id).values_list("state", flat=True).first()
    return state not in (JudgementState.QUEUED, JudgementState.JUDGING)


class FeedRecorder:
    """live.events.FeedRecorder: which endpoints a hook's change may touch."""

    def changed(self, subject: str, object_id: int) -> None:
        contest_id: int | None
        scope: Scope
        if subject == "configuration":  # teams and groups: every contest's
            for each in Contest.objects.order_by("pk").values_list("pk", flat=True):
                record(each)
            return
        if subject in ("submission", "judgement"):
            subs = Submission.objects.select_related("contest")
            which = {"pk": object_id} if subject == "submission" else {"judgements": object_id}
            sub = subs.filter(**which).first()
            if sub is None:
                return
            awards = _verdict_may_change(subject, object_id)
            contest_id, scope = sub.contest_id, _submission_scope(sub, awards)
        elif subject == "clarification":
            ids = Clarification.objects.filter(pk=object_id).values_list("contest_id", flat=True)
            contest_id = ids.first()
            # A jury message reaches a category or everyone: every team's list may change.
            scope = Scope(("clarifications",), ("clarifications",), None)
        else:  # the contest's settings, a reveal or the unfreeze: anything may look different
            contest_id, scope = object_id, EVERYTHING
        if contest_id is None:
            return
        if not FeedEvent.objects.filter(contest_id=contest_id).exists():
            scope = EVERYTHING  # the first change recorded starts with the snapshot
        record(contest_id, scope)
