"""The jury's own events (issue 12, item 10): a report's progress whatever its reason, a rejudge
set's state, a compiler self-test's state. Each has exactly its declared keys, reaches the jury
stream only, and says when it is finished (the pages then show the finished state)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction

from accounts.models import User
from contest.models import Contest, Language
from judge.jobs import selftest as selftest_job
from judge.models import Judgement
from judge.services import compilers, jury, rejudge, results
from judging.classification import Classification as C
from live import events, streams
from tests.live.conftest import Scene
from tests.live.test_events import Listener, _keys
from tests.support import factories
from tests.support.builders import judged, store

pytestmark = pytest.mark.usefixtures("memory_layer", "redis_conn")


def _of(kind: str, received: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in received if e["type"] == kind]


def test_a_reevaluation_publishes_its_report_from_queued_to_done(scene: Scene) -> None:
    factories.seed_languages()
    c = scene["contest"]
    problem = factories.sum_problem(c, letter="S")
    sub = judged(scene["alpha_user"], problem, C.WRONG_ANSWER)
    jury_listener = Listener(streams.jury_stream(c.pk))
    team_listener = Listener(streams.team_stream(c.pk, sub.team_id))
    again = jury.reevaluate(submission=sub, judge=scene["judge"])
    Judgement.objects.filter(pk=again.pk).update(state="judging", tests_total=2)
    again.refresh_from_db()
    results.notify(again)  # as the worker does after its claim
    with transaction.atomic():
        store(again, C.ACCEPTED)

    reports = _of("judgement", jury_listener.take())
    assert all(set(e) == _keys(events.JudgementEvent) for e in reports)
    assert [(e["state"], e["finished"]) for e in reports] == [("judging", False), ("done", True)]
    done = reports[-1]
    assert (done["judgement"], done["submission"], done["reason"]) == (
        again.pk,
        sub.pk,
        "reevaluation",
    )
    assert (done["state_label"], done["classification"]) == ("Done", "Accepted")
    assert (done["tests_done"], done["tests_total"]) == (2, 2)
    assert _of("judgement", team_listener.take()) == []  # the team's verdict stands


def test_applying_or_cancelling_a_set_publishes_its_state(scene: Scene) -> None:
    factories.seed_languages()
    c = scene["contest"]
    problem = factories.sum_problem(c, letter="S")
    first = judged(scene["alpha_user"], problem, C.WRONG_ANSWER)
    second = judged(scene["beta_user"], problem, C.WRONG_ANSWER)
    listener = Listener(streams.jury_stream(c.pk))
    applied = rejudge.create(
        contest=c, judge=scene["judge"], selection=rejudge.Selection(submission_ids=(first.pk,))
    )
    cancelled = rejudge.create(
        contest=c, judge=scene["judge"], selection=rejudge.Selection(submission_ids=(second.pk,))
    )
    with transaction.atomic():
        store(applied.items.get().new_judgement, C.ACCEPTED)
    progress = _of("rejudge", listener.take())
    assert [(e["rejudge"], e["done"], e["finished"], e["state"]) for e in progress] == [
        (applied.pk, 0, False, "judging"),
        (cancelled.pk, 0, False, "judging"),
        (applied.pk, 1, True, "judging"),
    ]
    rejudge.apply(rejudge=applied, judge=scene["judge"])
    rejudge.cancel(rejudge=cancelled, judge=scene["judge"])
    closed = _of("rejudge", listener.take())
    assert all(set(e) == _keys(events.RejudgeEvent) for e in closed)
    assert [(e["rejudge"], e["state"]) for e in closed] == [
        (applied.pk, "applied"),
        (cancelled.pk, "cancelled"),
    ]


@pytest.mark.sandbox
def test_a_self_test_publishes_running_then_passed_to_the_jury(
    transactional_db: None, contest: Contest, languages: dict[str, Language], admin_user: User
) -> None:
    """Committed for real, as on a worker: each step is published when it is stored."""
    over = factories.running_contest(short_name="over")
    over.end = over.start  # over: its pages are not followed
    over.save()
    listener = Listener(streams.jury_stream(contest.pk))
    old = Listener(streams.jury_stream(over.pk))
    selftest = compilers.request_selftest(language=languages["python3"], admin=admin_user)

    selftest_job.run_selftest(selftest.pk)

    received = _of("selftest", listener.take())
    assert all(set(e) == _keys(events.SelfTestEvent) for e in received)
    assert [(e["state"], e["finished"]) for e in received] == [
        ("running", False),
        ("passed", True),
    ]
    done = received[-1]
    assert done["selftest"] == selftest.pk and done["language"] == "python3"
    assert done["compiler_version"].startswith("Python 3.") and done["worker"]
    assert done["finished_at"] and done["state_label"] == "Passed"
    assert _of("selftest", old.take()) == []
