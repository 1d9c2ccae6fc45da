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

from accounts.models import Team
from api import visibility
from api.feed import collect, notify
from api.http import JSON
from api.models import Audience, FeedEvent
from contest.models import Contest
from judge.models import Clarification, Submission

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Scope:
    """Which endpoints to compare: `types`, for the jury and the public, and `team_types`
    for the teams named (None: every team of the contest)."""

    types: tuple[str, ...]
    team_types: tuple[str, ...] = ()
    teams: tuple[int, ...] | None = ()


EVERYTHING = Scope(collect.TYPES, collect.TEAM_TYPES, None)


def _latest(
    contest: Contest, audience: str, team_id: int | None, kind: str
) -> dict[str, JSON | None]:
    """The last recorded data of every object of one endpoint and audience (None: deleted)."""
    log_rows = FeedEvent.objects.filter(
        contest=contest, audience=audience, team_id=team_id, type=kind
    )
    newest = log_rows.values("object_id").annotate(last=Max("id")).values("last")
    return dict(FeedEvent.objects.filter(pk__in=newest).values_list("object_id", "data"))


def _differences(
    contest: Contest, audience: str, team_id: int | None, kind: str
) -> list[FeedEvent]:
    now = collect.current(kind, contest.short_name, collect.viewer(audience, team_id))
    before = _latest(contest, audience, team_id, kind)
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
    return Team.objects.order_by("pk").values_list("pk", flat=True)  # as the teams endpoint


def record(contest_id: int, scope: Scope = EVERYTHING) -> int:
    """One pass: append what changed in the scope's endpoints; returns how many rows."""
    with transaction.atomic():
        # The contest's row lock orders the passes (SQLite serialises writers by itself).
        contest = Contest.objects.select_for_update().filter(pk=contest_id).first()
        if contest is None:
            return 0
        made: list[FeedEvent] = []
        for kind in scope.types:
            made += _differences(contest, Audience.JURY, None, kind)
            made += _differences(contest, Audience.PUBLIC, None, kind)
        if scope.team_types:
            for team_id in _teams(contest, scope):
                for kind in scope.team_types:
                    made += _differences(contest, Audience.TEAM, team_id, kind)
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


def _submission_scope(contest: Contest, team_id: int) -> Scope:
    # Once results are public every team's view of submissions changes, not only the owner's.
    everyone = visibility.results_public(contest, timezone.now())
    return Scope(
        ("submissions", "judgements", "runs", "awards"),
        ("submissions", "judgements", "runs"),
        None if everyone else (team_id,),
    )


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
            contest_id, scope = sub.contest_id, _submission_scope(sub.contest, sub.team_id)
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
