"""Balloons follow the verdicts as the jury's board counts them; delivery is audited and refused
twice; the freeze setting decides whether frozen submissions earn one."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest

from accounts.models import Team, User
from contest.models import Contest, Problem
from judge.errors import ServiceError
from judge.models import AuditAction, AuditEntry, Submission
from judge.services import jury
from judging.classification import Classification
from scoreboard import balloons
from scoreboard.models import Balloon
from tests.support import factories
from tests.support.scoreboard import problem, set_verdict, submit

pytestmark = pytest.mark.django_db

AC, WA = "Accepted", "Wrong Answer"


@pytest.fixture
def a(contest: Contest) -> Problem:
    return problem(contest, "A")


def _refresh(sub: Submission) -> balloons.Change | None:
    return balloons.refresh(sub.contest, sub.team_id, sub.problem_id)


def _balloon(team: Team, prob: Problem) -> Balloon | None:
    return Balloon.objects.filter(team=team, problem=prob).first()


def test_the_first_accepted_submission_earns_the_balloon(
    contest: Contest, team: Team, a: Problem
) -> None:
    submit(contest, team, a, 10, "final", WA)
    first = submit(contest, team, a, 20, "final", AC)
    first.current_judgement = first.judgements.get()  # the report in force earns it
    first.save(update_fields=["current_judgement"])
    submit(contest, team, a, 30, "final", AC)
    change = _refresh(first)
    assert change is not None and change.kind == "earned"
    balloon = _balloon(team, a)
    assert balloon is not None and balloon.submission_id == first.pk
    assert balloon.judgement_id == first.current_judgement_id
    assert _refresh(first) is None  # nothing more to do: idempotent


def test_a_rejected_or_unjudged_submission_earns_nothing(
    contest: Contest, team: Team, a: Problem
) -> None:
    wrong = submit(contest, team, a, 10, "final", WA)
    queued = submit(contest, team, a, 11)
    assert _refresh(wrong) is None and _refresh(queued) is None
    assert not Balloon.objects.exists()


def test_a_pending_accepted_counts_only_when_the_board_counts_pending_verdicts(
    contest: Contest, team: Team, a: Problem
) -> None:
    pending = submit(contest, team, a, 10, "pending", AC)
    contest.pending_counts_on_scoreboard = False
    contest.save()
    assert _refresh(pending) is None
    contest.pending_counts_on_scoreboard = True
    contest.save()
    change = _refresh(pending)
    assert change is not None and change.kind == "earned"


def test_a_verdict_taken_away_removes_the_undelivered_balloon(
    contest: Contest, team: Team, a: Problem
) -> None:
    sub = submit(contest, team, a, 10, "final", AC)
    _refresh(sub)
    set_verdict(sub, "final", WA)
    change = _refresh(sub)
    assert change is not None and change.kind == "removed"
    assert _balloon(team, a) is None


def test_a_delivered_balloon_stays_when_the_verdict_is_taken_away(
    contest: Contest, team: Team, a: Problem, runner_user: User
) -> None:
    sub = submit(contest, team, a, 10, "final", AC)
    _refresh(sub)
    balloon = _balloon(team, a)
    assert balloon is not None
    balloons.deliver(balloon_id=balloon.pk, user=runner_user)
    set_verdict(sub, "final", WA)
    assert _refresh(sub) is None
    kept = _balloon(team, a)
    assert kept is not None and kept.delivered and kept.submission_id == sub.pk


def test_an_earlier_submission_accepted_later_takes_the_balloon_over(
    contest: Contest, team: Team, a: Problem
) -> None:
    early = submit(contest, team, a, 10, "final", WA)
    late = submit(contest, team, a, 20, "final", AC)
    _refresh(late)
    set_verdict(early, "final", AC)
    change = _refresh(early)
    assert change is not None and change.kind == "moved"
    balloon = _balloon(team, a)
    assert balloon is not None and balloon.submission_id == early.pk


def test_by_default_a_submission_made_during_the_freeze_earns_no_balloon(
    contest: Contest, team: Team, a: Problem
) -> None:
    contest.freeze_start = contest.start + timedelta(minutes=30)
    contest.save()
    other = factories.team("Gamma")
    before = submit(contest, other, a, 29, "final", AC)
    frozen = submit(contest, team, a, 31, "final", AC)
    assert _refresh(frozen) is None
    assert _refresh(before) is not None and _balloon(other, a) is not None
    contest.unfrozen_at = contest.start + timedelta(minutes=50)  # DOMjudge: not after it either
    contest.save()
    assert _refresh(frozen) is None


def test_the_contest_may_give_balloons_during_the_freeze(
    contest: Contest, team: Team, a: Problem
) -> None:
    contest.freeze_start = contest.start + timedelta(minutes=30)
    contest.balloons_during_freeze = True
    contest.save()
    frozen = submit(contest, team, a, 31, "final", AC)
    change = _refresh(frozen)
    assert change is not None and change.kind == "earned"


def test_a_whole_contest_refresh_catches_up_with_every_verdict(
    contest: Contest, team: Team, other_team: Team, a: Problem
) -> None:
    b = problem(contest, "B")
    submit(contest, team, a, 10, "final", AC)
    submit(contest, other_team, b, 12, "final", AC)
    submit(contest, other_team, a, 14, "final", WA)
    changes = balloons.refresh_contest(contest)
    assert sorted((c.team, c.problem, c.kind) for c in changes) == sorted(
        [(team.pk, a.pk, "earned"), (other_team.pk, b.pk, "earned")]
    )
    assert balloons.refresh_contest(contest) == []


def test_delivering_is_recorded_in_the_audit_log_and_refused_twice(
    contest: Contest, team: Team, a: Problem, runner_user: User, judge_user: User
) -> None:
    sub = submit(contest, team, a, 10, "final", AC)
    _refresh(sub)
    balloon = _balloon(team, a)
    assert balloon is not None
    done = balloons.deliver(balloon_id=balloon.pk, user=runner_user)
    assert done.delivered_by == runner_user and done.delivered_at is not None
    entry = AuditEntry.objects.get(action=AuditAction.BALLOON_DELIVER)
    assert entry.user == runner_user and entry.submission_id == sub.pk
    assert entry.target == f"balloon {balloon.pk}"
    assert entry.before["delivered_at"] is None and entry.after["delivered_by"] == runner_user.pk
    with pytest.raises(ServiceError) as refused:
        balloons.deliver(balloon_id=balloon.pk, user=judge_user)
    assert refused.value.code == "already_delivered"
    balloons.undeliver(balloon_id=balloon.pk, user=judge_user)
    assert not Balloon.objects.get(pk=balloon.pk).delivered
    assert AuditEntry.objects.filter(action=AuditAction.BALLOON_UNDELIVER).count() == 1


def test_teams_cannot_deliver_and_a_removed_balloon_is_refused(
    contest: Contest, team: Team, a: Problem, team_user: User, runner_user: User
) -> None:
    sub = submit(contest, team, a, 10, "final", AC)
    _refresh(sub)
    balloon = _balloon(team, a)
    assert balloon is not None
    with pytest.raises(ServiceError) as refused:
        balloons.deliver(balloon_id=balloon.pk, user=team_user)
    assert refused.value.code == "not_allowed"
    set_verdict(sub, "final", WA)
    _refresh(sub)
    with pytest.raises(ServiceError) as gone:
        balloons.deliver(balloon_id=balloon.pk, user=runner_user)
    assert gone.value.code == "no_balloon"


def test_a_judge_changing_the_verdict_reaches_the_balloon_through_the_publisher(
    problem: Problem,
    languages: object,
    team_user: User,
    judge_user: User,
    django_capture_on_commit_callbacks: Callable[..., Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The after-commit path (live.publish) refreshes the balloon; the streams are stubbed."""
    from live import streams
    from tests.support import builders

    monkeypatch.setattr(streams, "publish", lambda events: [])
    capture = django_capture_on_commit_callbacks
    with capture(execute=True):
        sub = builders.judged(team_user, problem, Classification.ACCEPTED)
    assert _balloon(team_user.team, problem) is not None  # type: ignore[arg-type]
    with capture(execute=True):
        jury.change(submission=sub, judge=judge_user, classification=WA, comment="bad data")
    assert _balloon(team_user.team, problem) is None  # type: ignore[arg-type]
