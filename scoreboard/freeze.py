"""Lifting the freeze: all at once, a problem at a time, or cell by cell in resolver order.

Each action changes what the public sees and returns the teams whose public row changed, for
the caller to publish (scoreboard.views does, through live.events).
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from contest.models import Contest
from judge.models import AuditAction
from judge.services import audit
from scoreboard import icpc, services
from scoreboard.models import Reveal, ScoreCell


def hidden_cells(contest: Contest) -> list[tuple[int, int]]:
    """(team, problem) cells with submissions the public does not see yet."""
    services.ensure_fresh(contest)
    query = ScoreCell.objects.filter(contest=contest, hidden=True)
    return list(query.values_list("team_id", "problem_id"))


def reveal_cell(contest: Contest, team_id: int, problem_id: int, by: User | None) -> set[int]:
    with transaction.atomic():
        Reveal.objects.get_or_create(
            contest=contest, team_id=team_id, problem_id=problem_id, defaults={"revealed_by": by}
        )
        return services.refresh_cells(contest, [(team_id, problem_id)])


def reveal_problem(contest: Contest, problem_id: int, by: User | None) -> set[int]:
    with transaction.atomic():
        # The hidden cells first: on a board not built yet (or built under other rules),
        # hidden_cells rebuilds it, and a rebuild after the Reveal would show the problem
        # silently, leaving no cell to refresh and nothing to publish.
        cells = [(t, p) for t, p in hidden_cells(contest) if p == problem_id]
        Reveal.objects.get_or_create(
            contest=contest, team=None, problem_id=problem_id, defaults={"revealed_by": by}
        )
        return services.refresh_cells(contest, cells)


def next_reveal(contest: Contest) -> tuple[int, int] | None:
    """The resolver's next cell: the lowest-ranked public team's first hidden problem."""
    board = services.board(contest, "public")
    standings = icpc.Standings(
        tuple(
            icpc.Standing(r["rank"], icpc.Row(r["team"], {}, r["solved"], r["penalty"], r["last"]))
            for r in board["rows"]
        )
    )
    order = [p["id"] for p in board["problems"]]
    return icpc.next_reveal(standings, hidden_cells(contest), order)


def reveal_next(contest: Contest, by: User | None) -> tuple[tuple[int, int] | None, set[int]]:
    target = next_reveal(contest)
    if target is None:
        return None, set()
    return target, reveal_cell(contest, target[0], target[1], by)


def unfreeze(contest: Contest, by: User | None = None) -> None:
    """Publish the final results: the public board becomes the jury's."""
    with transaction.atomic():
        _set_unfrozen(contest, timezone.now(), by, "scoreboard unfrozen")
    services.rebuild(contest)


def thaw_due(contest_id: int, now: datetime | None = None) -> bool:
    """Unfreeze the contest if its scheduled unfreeze has come and the board is still frozen;
    whether it did. Safe to run twice, or with a time the jury moved since (it then does
    nothing): the contest row is locked and read again."""
    now = now or timezone.now()
    with transaction.atomic():
        contest = Contest.objects.select_for_update().filter(pk=contest_id).first()
        due = (
            contest is not None
            and contest.unfreeze_at is not None
            and contest.unfreeze_at <= now
            and contest.unfrozen_at is None
        )
        if not due or contest is None:
            return False
        _set_unfrozen(contest, now, None, "scoreboard unfrozen at its scheduled time")
    services.rebuild(contest)
    return True


def refreeze(contest: Contest, by: User | None = None) -> None:
    """Undo the unfreeze and every reveal (a mistake, or a rehearsal of the resolver). A
    scheduled unfreeze already past is cleared too, or it would thaw the board again."""
    with transaction.atomic():
        reveals, _ = Reveal.objects.filter(contest=contest).delete()
        past = contest.unfreeze_at is not None and contest.unfreeze_at <= timezone.now()
        what = f"scoreboard frozen again ({reveals} reveal(s) undone)"
        _set_unfrozen(contest, None, by, what, clear_schedule=past)
    services.rebuild(contest)


def _set_unfrozen(
    contest: Contest,
    when: datetime | None,
    by: User | None,
    what: str,
    clear_schedule: bool = False,
) -> None:
    """Change what the public sees, with its audit entry (a jury action like any other)."""
    fields = ["unfrozen_at", "unfreeze_at"] if clear_schedule else ["unfrozen_at"]
    before = audit.field_values(contest, fields)
    contest.unfrozen_at = when
    if clear_schedule:
        contest.unfreeze_at = None
    contest.save(update_fields=fields)
    audit.record(
        user=by,
        action=AuditAction.CONTEST_SETTINGS,
        contest=contest,
        target=f"contest {contest.short_name}: {what}",
        before=before,
        after=audit.field_values(contest, fields),
    )
