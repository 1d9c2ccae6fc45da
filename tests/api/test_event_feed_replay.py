"""The issue's property: for any sequence of submissions, judgements, rejudges,
clarifications, a freeze, the end and the unfreeze, replaying the event feed from the start
gives exactly what every REST endpoint shows, for the jury, each team and the public.

The changes go through the real services; their hooks' after-commit callbacks run as a commit
would run them (the recorder included), so this checks the hooks' coverage as well as the
recorder. The feed is read with the reader's own functions (api/feed/read.py).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.db import transaction
from django.test import TestCase
from django.utils import timezone
from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st

from accounts.models import User
from api.feed import read, record
from api.feed.collect import TYPES
from api.models import FeedEvent
from contest.models import Contest
from judge.errors import ServiceError
from judge.models import Clarification, Judgement, JudgementState, Submission
from judge.services import clarifications, contest_admin, rejudge
from judge.services.results import on_judgement_done, store_report
from judge.services.submit import submit
from judging.classification import Classification
from judging.report import Report, TestReport
from scoreboard import freeze
from tests.api.conftest import PY_SOURCE, World, client_for

pytestmark = pytest.mark.django_db

VERDICTS = [
    Classification.ACCEPTED,
    Classification.WRONG_ANSWER,
    Classification.TIME_LIMIT_EXCEEDED,
]


class _Rollback(Exception):
    """Ends an example: its rows go, the next one starts from the world fixture again."""


def _committed(action: Callable[[], object]) -> None:
    """Run the action, then its after-commit callbacks (live events and the feed's recorder)."""
    # A refusal by the contest's rules (interval, pending limit...) changes nothing.
    with TestCase.captureOnCommitCallbacks(execute=True), contextlib.suppress(ServiceError):
        action()


def _finish(judgement: Judgement, verdict: Classification) -> None:
    Judgement.objects.filter(pk=judgement.pk).update(started_at=timezone.now())
    judgement.refresh_from_db()
    tests = [TestReport(name=f"t/{i}", classification=verdict, cpu_ms=10 * i) for i in (1, 2)]
    store_report(judgement, Report(classification=verdict, tests=tests))
    on_judgement_done(judgement)


def _queued(contest: Contest) -> list[Judgement]:
    return list(
        Judgement.objects.filter(submission__contest=contest, state=JudgementState.QUEUED).order_by(
            "pk"
        )
    )


class Actions:
    def __init__(self, world: World) -> None:
        self.w = world
        self.teams = [world.team_user, world.other_team_user]

    def submit(self, team: int) -> None:
        user = self.teams[team % 2]
        submit(
            user=user,
            contest=self.w.contest,
            problem=self.w.problem,
            filename="s.py",
            source=PY_SOURCE + f"# {timezone.now()}\n".encode(),
        )

    def judge(self, pick: int, verdict: int) -> None:
        queued = _queued(self.w.contest)
        if queued:
            _finish(queued[pick % len(queued)], VERDICTS[verdict % len(VERDICTS)])

    def rejudge(self, pick: int, verdict: int) -> None:
        subs = list(Submission.objects.filter(contest=self.w.contest).order_by("pk"))
        chosen = subs[pick % len(subs)]
        made = rejudge.create(
            contest=self.w.contest,
            judge=self.w.judge_user,
            selection=rejudge.Selection(submission_ids=(chosen.pk,)),
        )
        for item in made.items.select_related("new_judgement"):
            _finish(item.new_judgement, VERDICTS[verdict % len(VERDICTS)])
        rejudge.apply(rejudge=made, judge=self.w.judge_user)

    def ask(self, team: int) -> None:
        clarifications.ask(user=self.teams[team % 2], contest=self.w.contest, text="Why?")

    def answer(self, pick: int, to_all: bool) -> None:
        open_ = list(Clarification.objects.filter(contest=self.w.contest, from_team__isnull=False))
        if open_:
            clarifications.answer(
                question=open_[pick % len(open_)],
                judge=self.w.judge_user,
                text="Read the statement.",
                to_all=to_all,
            )

    def freeze(self) -> None:
        changes = {"freeze_start": timezone.now() - timedelta(minutes=5)}
        contest_admin.update_contest(
            contest=self.w.contest, admin=self.w.judge_user, changes=changes
        )

    def end(self) -> None:
        changes = {"end": timezone.now() - timedelta(seconds=1)}
        contest_admin.update_contest(
            contest=self.w.contest, admin=self.w.judge_user, changes=changes
        )

    def unfreeze(self) -> None:
        from live import events

        freeze.unfreeze(self.w.contest, self.w.judge_user)
        events.scoreboard_changed(self.w.contest.pk, None)  # as the scoreboard view does


small = st.integers(0, 7)
ACTION = st.one_of(
    st.tuples(st.just("submit"), small),
    st.tuples(st.just("judge"), small, small),
    st.tuples(st.just("rejudge"), small, small),
    st.tuples(st.just("ask"), small),
    st.tuples(st.just("answer"), small, st.booleans()),
    st.tuples(st.just("freeze")),
    st.tuples(st.just("end")),
    st.tuples(st.just("unfreeze")),
)


def replayed(reader: read.Reader) -> dict[tuple[str, str | None], Any]:
    state: dict[tuple[str, str | None], Any] = {}
    last = 0
    while rows := read.after(reader, last):
        last = rows[-1].pk
        for row in rows:
            note = json.loads(read.line(reader, row))
            key = (note["type"], note["id"])
            if note["data"] is None:
                state.pop(key, None)
            else:
                state[key] = note["data"]
    return state


def rest(user: User | None, contest: Contest) -> dict[tuple[str, str | None], Any]:
    client = client_for(user)
    base = f"/api/contests/{contest.short_name}"
    found: dict[tuple[str, str | None], Any] = {}
    for kind in TYPES:
        response = client.get(base if kind == "contest" else f"{base}/{kind}")
        body = response.json() if response.status_code == 200 else []
        if kind == "state":
            found[("state", None)] = body
        elif kind == "contest":
            found[("contest", body["id"])] = body
        else:
            found.update({(kind, obj["id"]): obj for obj in body})
    return found


def _check_every_audience(world: World) -> None:
    viewers: list[User | None] = [world.judge_user, world.team_user, world.other_team_user, None]
    for user in viewers:
        reader = read.reader_for(user, world.contest.pk, None, strict=False)
        assert replayed(reader) == rest(user, world.contest), reader


# An example takes seconds (every endpoint for four audiences): no shrinking, whose minutes
# would not make a failure clearer than the printed steps.
@settings(
    max_examples=12,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(steps=st.lists(ACTION, min_size=1, max_size=12))
def test_replaying_the_feed_gives_every_endpoint(
    world: World, steps: list[tuple[Any, ...]]
) -> None:
    try:
        with transaction.atomic():
            world.contest.refresh_from_db()
            # A client read the feed before the changes (its snapshot); from then on only the
            # hooks' recorder appends.
            record.ensure_started(world.contest.pk)
            actions = Actions(world)
            for name, *args in steps:
                _committed(lambda: getattr(actions, name)(*args))  # noqa: B023 - run at once
                world.contest.refresh_from_db()
            _check_every_audience(world)
            note(f"{FeedEvent.objects.count()} events")
            raise _Rollback
    except _Rollback:
        pass
