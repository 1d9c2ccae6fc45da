"""Lifting the freeze: all at once, a problem at a time, or cell by cell in resolver order.

Each action changes what the public sees and returns the teams whose public row changed, for
the caller to publish (scoreboard.views does, through live.events).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from contest.models import Contest
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
        Reveal.objects.get_or_create(
            contest=contest, team=None, problem_id=problem_id, defaults={"revealed_by": by}
        )
        cells = [(t, p) for t, p in hidden_cells(contest) if p == problem_id]
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


def unfreeze(contest: Contest) -> None:
    """Publish the final results: the public board becomes the jury's."""
    contest.unfrozen_at = timezone.now()
    contest.save(update_fields=["unfrozen_at"])
    services.rebuild(contest)


def refreeze(contest: Contest) -> None:
    """Undo the unfreeze and every reveal (a mistake, or a rehearsal of the resolver)."""
    with transaction.atomic():
        Reveal.objects.filter(contest=contest).delete()
        contest.unfrozen_at = None
        contest.save(update_fields=["unfrozen_at"])
    services.rebuild(contest)
