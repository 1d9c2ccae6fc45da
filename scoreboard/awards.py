"""A contest's awards, as one audience's board gives them: the one computation behind the
awards page (/scoreboard/awards/) and the CCS API's `awards` (api/views/awards.py).

- `winner`: the team(s) ranked first, once a team has scored (solved a problem, or points);
- `gold-medal`, `silver-medal`, `bronze-medal`: by rank among the teams that scored, the
  contest's counts (Contest.gold_medals...; a count of 0 offers no such award). A team ranked
  within the gold count is gold; teams sharing a rank share the medal, so a tie at the last
  place of a colour may give more medals than its count, as DOMjudge does;
- `first-to-solve-<problem>`: once no unseen try made at or before the first accept remains
  (icpc.settled_first_solvers), so the award never moves except by a rejudge;
- `group-winner-<group>`: the winner among one group's teams, for each group the audience sees.

Everything follows the audience's board: the public one keeps the freeze. Whether the public
sees the page at all is `published` (after the unfreeze), a rule of the page: the API gives the
current awards at any time, as the spec asks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Q

from accounts.models import Category
from contest.models import Contest, Phase
from judge.models import Submission
from scoreboard import icpc, score_board, services
from scoreboard.presenters import Audience

MEDALS = (
    ("gold", "gold_medals", "Gold medal winner"),
    ("silver", "silver_medals", "Silver medal winner"),
    ("bronze", "bronze_medals", "Bronze medal winner"),
)


@dataclass(frozen=True, slots=True)
class Award:
    id: str
    citation: str
    team_ids: tuple[int, ...]
    kind: str  # winner | medal | first-to-solve | group-winner: how the page groups them


@dataclass(frozen=True, slots=True)
class Ranked:
    team: int
    rank: int
    scored: bool


def published(contest: Contest, now: datetime | None = None) -> bool:
    """Whether the public and the teams see the awards page: once the contest is over and its
    board is not frozen (never frozen, or unfrozen). The jury always sees it."""
    return contest.phase(now) == Phase.OVER and not contest.is_frozen(now)


def awards(contest: Contest, audience: Audience, *, problems_shown: bool = True) -> list[Award]:
    """Every award the contest offers, as `audience` sees the board now. `problems_shown`:
    whether the audience may know the problems (the first-to-solve awards name them)."""
    found = [_winner("winner", "Winner", _ranked(contest, audience, None), "winner")]
    found += _medals(contest, _ranked(contest, audience, None))
    if problems_shown:
        found += _first_to_solve(contest, audience)
    for group in _groups(audience):
        rows = _ranked(contest, audience, group.pk)
        found.append(_winner(f"group-winner-{group.pk}", f"Winner of {group.name}", rows, "group"))
    return found


def _ranked(contest: Contest, audience: Audience, group: int | None) -> list[Ranked]:
    """The board's ranks: the score board's when the contest shows one (as the API's
    scoreboard endpoint), else the ICPC board's."""
    if score_board.shown(contest):
        scores = score_board.board(contest, audience, group)["rows"]
        return [Ranked(r["team"], r["rank"], r["score"] > 0) for r in scores]
    rows = services.board(contest, audience, group)["rows"]
    return [Ranked(r["team"], r["rank"], r["solved"] > 0) for r in rows]


def _winner(award_id: str, citation: str, rows: Sequence[Ranked], kind: str) -> Award:
    """Rank 1 of the board, or nobody while no team has scored."""
    leaders = tuple(r.team for r in rows if r.rank == 1 and r.scored)
    return Award(award_id, citation, leaders, kind)


def _medals(contest: Contest, rows: Sequence[Ranked]) -> list[Award]:
    found, above = [], 0
    for colour, field, citation in MEDALS:
        count = getattr(contest, field)
        if not count:
            continue
        teams = tuple(r.team for r in rows if r.scored and above < r.rank <= above + count)
        found.append(Award(f"{colour}-medal", citation, teams, "medal"))
        above += count
    return found


def _first_to_solve(contest: Contest, audience: Audience) -> list[Award]:
    shown = set(services.teams(contest, audience))
    subs = [s for s in _early_submissions(contest, audience, shown) if s.team in shown]
    vis = icpc.JURY if audience == "jury" else services.visibility_for(contest)
    firsts = icpc.settled_first_solvers(subs, services.rules_for(contest), vis)
    return [
        Award(
            f"first-to-solve-{p['id']}",
            f"First to solve problem {p['letter']}",
            tuple(sorted(firsts.get(p["id"], ()))),
            "first-to-solve",
        )
        for p in services.problems(contest)
    ]


def _early_submissions(
    contest: Contest, audience: Audience, shown: set[int]
) -> list[icpc.SubmissionEvent]:
    """Only what can decide a first solve: each problem's submissions up to its earliest accept
    on the audience's board (the cached cells), since the rule looks no further. A problem
    nobody solved on that board has no first solver yet, whatever is unjudged. This keeps the
    awards, which the event feed reads after every verdict, from reading every submission."""
    earliest: dict[int, int] = {}
    for team, row in services.cached_rows(contest, audience).items():
        for problem, cell in row.cells.items():
            if team in shown and cell.solved and cell.time_ms is not None:
                earliest[problem] = min(cell.time_ms, earliest.get(problem, cell.time_ms))
    if not earliest:
        return []
    until = Q()
    for problem, ms in earliest.items():
        # The cell keeps whole milliseconds: the next one bounds the accept's own instant.
        bound = contest.start + timedelta(milliseconds=ms + 1)
        until |= Q(problem_id=problem, submitted_at__lt=bound)
    return services.submission_events(contest, pk__in=Submission.objects.filter(until).values("pk"))


def _groups(audience: Audience) -> list[Category]:
    query = Category.objects.order_by("sort_order", "name", "pk")
    return list(query if audience == "jury" else query.filter(visible=True))
