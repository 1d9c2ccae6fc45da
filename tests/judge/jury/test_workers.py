"""Rejudging and self-tests through real RQ workers (subprocesses in burst mode)."""

from __future__ import annotations

import pytest
from redis import Redis

from accounts.models import User
from contest.models import Language, Problem
from judge.models import JudgementState, LanguageSelfTest, SelfTestState
from judge.selectors import rejudge as rejudge_view
from judge.services import compilers, rejudge
from tests.support import builders
from tests.support.burst_worker import burst

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.worker, pytest.mark.sandbox]


def test_rejudging_waits_behind_new_submissions(
    problem: Problem, python: Language, team_user: User, judge_user: User, redis_conn: Redis
) -> None:
    import django_rq

    old = [
        builders.send(team_user, problem, src)
        for src in (builders.CORRECT, builders.TRAILING_SPACE)
    ]
    burst("judging")
    rs = rejudge.create(contest=problem.contest, judge=judge_user, selection=rejudge.Selection())
    fresh = builders.send(team_user, problem, builders.OFF_BY_ONE_ABOVE_TEN)
    assert django_rq.get_queue("rejudging").count == 2
    assert django_rq.get_queue("judging").count == 1

    burst("judging", "rejudging")

    first = builders.first_judgement(fresh)
    news = [item.new_judgement for item in rs.items.select_related("new_judgement")]
    assert first.state == JudgementState.DONE
    assert all(j.state == JudgementState.DONE for j in news)
    assert all(first.started_at < j.started_at for j in news)
    assert rejudge_view.progress(rs).finished
    assert rejudge_view.matrix(rs).counts == {
        ("Accepted", "Accepted"): 1,
        ("Presentation Error", "Presentation Error"): 1,
    }
    for submission in old:  # judged again, not applied: the first reports stay in force
        submission.refresh_from_db()
        assert submission.current_judgement.reason == "submission"


def test_the_selftest_runs_on_a_worker_of_the_default_queue(
    python: Language, admin_user: User, redis_conn: Redis
) -> None:
    selftest = compilers.request_selftest(language=python, admin=admin_user)

    burst("default")

    selftest = LanguageSelfTest.objects.get(pk=selftest.pk)
    assert selftest.state == SelfTestState.PASSED, selftest.message
    assert selftest.worker
    assert selftest.version.startswith("Python 3.")
