"""Balloons: which team earned which, kept in step with the verdicts, and their delivery.

The rules (docs/web.md, "Balloons"), chosen as DOMjudge does them:
- A team earns one balloon per problem, with its first submission (in contest order) whose
  verdict in force counts as accepted on the jury's board (`icpc.outcome`): a final Accepted,
  and a pending one when the contest counts pending verdicts (`pending_counts_on_scoreboard`).
  An Accepted still to be judged again by a rejudge set counts until the set is applied.
- During the freeze a submission earns a balloon only when `Contest.balloons_during_freeze` is
  set; by default (DOMjudge's `show_balloons_postfreeze` off) submissions made after the freeze
  starts never earn one, after the unfreeze neither, so the room never shows what the board hid.
- When a judge takes the verdict away, an undelivered balloon goes (or moves to an earlier
  submission that now counts); a delivered one stays with its submission: it is in the room.

`refresh` runs after the commit of every verdict change (live.publish, beside the board's cell)
and `refresh_contest` when the list is opened, which also catches a callback lost with its
process and a changed contest setting. Both are idempotent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import Team
from contest.models import Contest
from judge.errors import ServiceError
from judge.models import AuditAction, Submission
from judge.services import audit
from live import events as live_events
from scoreboard import icpc
from scoreboard.models import Balloon
from scoreboard.services import contest_ms, rules_for, submission_events

if TYPE_CHECKING:
    from accounts.models import User

ChangeKind = Literal["earned", "moved", "removed"]


@dataclass(frozen=True, slots=True)
class Change:
    contest: int
    team: int
    problem: int
    kind: ChangeKind


def earning(contest: Contest, subs: list[icpc.SubmissionEvent]) -> icpc.SubmissionEvent | None:
    """The submission of one team and problem that earns its balloon, if any."""
    rules = rules_for(contest)
    cutoff = None
    if contest.freeze_start is not None and not contest.balloons_during_freeze:
        cutoff = contest_ms(contest, contest.freeze_start)
    counted = [
        s
        for s in subs
        if icpc.outcome(s, rules, icpc.JURY) is icpc.Outcome.ACCEPT
        and (cutoff is None or s.time_ms < cutoff)
    ]
    return min(counted, key=lambda s: s.order, default=None)


def refresh(contest: Contest, team_id: int, problem_id: int) -> Change | None:
    """Bring the balloon of one team and problem in line with its submissions' verdicts."""
    with transaction.atomic():
        # One refresh of a team at a time: the verdicts are read after the lock, so two
        # refreshes racing on one balloon both see the latest committed verdicts.
        Team.objects.select_for_update().filter(pk=team_id).first()
        subs = submission_events(contest, team_id=team_id, problem_id=problem_id)
        earned = earning(contest, subs)
        balloon = Balloon.objects.filter(team_id=team_id, problem_id=problem_id).first()
        kind = _apply(contest, team_id, problem_id, balloon, earned)
        if kind is not None:
            live_events.balloons_changed(contest.pk, team_id, problem_id)
    return None if kind is None else Change(contest.pk, team_id, problem_id, kind)


def _apply(
    contest: Contest,
    team_id: int,
    problem_id: int,
    balloon: Balloon | None,
    earned: icpc.SubmissionEvent | None,
) -> ChangeKind | None:
    if balloon is None:
        if earned is None:
            return None
        return "earned" if _create(contest, team_id, problem_id, earned.id) else None
    if earned is None:
        if balloon.delivered:
            return None  # handed over already: it stays, with the submission that earned it
        balloon.delete()
        return "removed"
    if balloon.submission_id == earned.id or balloon.delivered:
        return None
    balloon.submission_id = earned.id
    balloon.judgement_id = _judgement_of(earned.id)
    balloon.save(update_fields=["submission", "judgement"])
    return "moved"


def _create(contest: Contest, team_id: int, problem_id: int, submission_id: int) -> bool:
    try:
        with transaction.atomic():  # a savepoint: a concurrent creator may have won
            Balloon.objects.create(
                contest=contest,
                team_id=team_id,
                problem_id=problem_id,
                submission_id=submission_id,
                judgement_id=_judgement_of(submission_id),
            )
    except IntegrityError:
        return False
    return True


def _judgement_of(submission_id: int) -> int | None:
    found = Submission.objects.filter(pk=submission_id).values_list("current_judgement_id")
    row = found.first()
    return row[0] if row else None


def refresh_contest(contest: Contest) -> list[Change]:
    """Every balloon of the contest, against every submission (a few queries in all; only the
    balloons that differ are written)."""
    cells: dict[tuple[int, int], list[icpc.SubmissionEvent]] = {}
    for sub in submission_events(contest):
        cells.setdefault((sub.team, sub.problem), []).append(sub)
    have = {
        (team, problem): submission
        for team, problem, submission in Balloon.objects.filter(contest=contest).values_list(
            "team_id", "problem_id", "submission_id"
        )
    }
    changes = []
    for team, problem in sorted(set(cells) | set(have)):
        earned = earning(contest, cells.get((team, problem), []))
        if have.get((team, problem)) == (earned.id if earned else None):
            continue
        change = refresh(contest, team, problem)
        if change is not None:
            changes.append(change)
    return changes


def deliver(*, balloon_id: int, user: User) -> Balloon:
    """A runner (or judge, or admin) handed the balloon over."""
    return _set_delivered(balloon_id, user, delivered=True)


def undeliver(*, balloon_id: int, user: User) -> Balloon:
    """Undo a delivery marked by mistake."""
    return _set_delivered(balloon_id, user, delivered=False)


def _set_delivered(balloon_id: int, user: User, *, delivered: bool) -> Balloon:
    if not user.is_jury_reader:
        raise ServiceError("not_allowed", "Only runners and the jury deliver balloons.")
    with transaction.atomic():
        locked = Balloon.objects.select_for_update().filter(pk=balloon_id).first()
        if locked is None:
            raise ServiceError("no_balloon", "That balloon is gone: its verdict was changed.")
        _check_delivery(locked, delivered)
        before = _delivery_state(locked)
        locked.delivered_at = timezone.now() if delivered else None
        locked.delivered_by = user if delivered else None
        locked.save(update_fields=["delivered_at", "delivered_by"])
        audit.record(
            user=user,
            action=AuditAction.BALLOON_DELIVER if delivered else AuditAction.BALLOON_UNDELIVER,
            submission=locked.submission,
            target=f"balloon {locked.pk}",
            before=before,
            after=_delivery_state(locked),
        )
        live_events.balloons_changed(locked.contest_id, locked.team_id, locked.problem_id)
    return locked


def _check_delivery(balloon: Balloon, delivered: bool) -> None:
    if delivered and balloon.delivered_at is not None:
        who = balloon.delivered_by.username if balloon.delivered_by else "someone"
        at = timezone.localtime(balloon.delivered_at).strftime("%H:%M")
        raise ServiceError("already_delivered", f"Already delivered, by {who} at {at}.")
    if not delivered and balloon.delivered_at is None:
        raise ServiceError("not_delivered", "That balloon was not delivered.")


def _delivery_state(balloon: Balloon) -> dict[str, object]:
    return {
        "team": balloon.team_id,
        "problem": balloon.problem_id,
        "delivered_at": balloon.delivered_at.isoformat() if balloon.delivered_at else None,
        "delivered_by": balloon.delivered_by_id,
    }
