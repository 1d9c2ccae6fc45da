"""The score board's part of the cached cells: which problems it counts, the submissions'
points, and the cell fields (scoreboard.services writes them with the ICPC ones, under the same
lock, revision and freeze).

A submission's points are those of its judgement in force (Submission.current_judgement: the
one the team sees, which a judge may change with "make current"); whether they count is the
ICPC board's decision (scoreboard.icpc.outcome: pending verdicts per the contest, frozen ones
hidden, judges' classifications in force).
"""

from __future__ import annotations

import hashlib
from datetime import timedelta
from typing import Any

from contest.models import Contest, Problem, ScoreBoard
from judge.models import Submission
from scoreboard import icpc, ioi

SCORE_FIELDS = ("s_score", "s_tries", "s_pending", "s_time_ms")
PUBLIC_SCORE_FIELDS = tuple(f"p{f}" for f in SCORE_FIELDS)
_MODES = {
    ScoreBoard.BEST_PROBLEM: ioi.Mode.BEST_PROBLEM,
    ScoreBoard.BEST_GROUPS: ioi.Mode.BEST_GROUPS,
}


def mode_for(contest: Contest) -> ioi.Mode | None:
    """How the contest's score board counts points; None: it shows none."""
    return _MODES.get(ScoreBoard(contest.score_board or ScoreBoard.NONE))


def is_scoring(types: Any) -> bool:
    return isinstance(types, list) and "scoring" in types


def scoring_problems(contest: Contest) -> list[int]:
    """The contest's scoring problems (Problem.types), the only ones on its score board."""
    rows = Problem.objects.filter(contest=contest).values_list("id", "types")
    return sorted(pid for pid, types in rows if is_scoring(types))


def rules_part(contest: Contest) -> str:
    """What the score cells depend on besides submissions: the mode and the scoring problems
    (a problem that becomes a scoring one must get its cells computed)."""
    mode = mode_for(contest)
    if mode is None:
        return ""
    ids = ",".join(str(p) for p in scoring_problems(contest))
    return f"{mode.value}:{hashlib.sha256(ids.encode()).hexdigest()[:16]}"


def scored_events(contest: Contest, **filters: Any) -> list[ioi.ScoredSubmission]:
    """The scoring problems' submissions with their points (nothing when no score board)."""
    if mode_for(contest) is None:
        return []
    query = Submission.objects.filter(
        contest=contest, problem_id__in=scoring_problems(contest), **filters
    )
    rows = query.values_list(
        "id",
        "team_id",
        "problem_id",
        "submitted_at",
        "state",
        "classification",
        "current_judgement__score",
        # Only the report's groups, not its (possibly long) list of tests.
        "current_judgement__report__groups",
    )
    result = []
    for sid, team, problem, at, state, verdict, score, groups in rows:
        time_ms = (at - contest.start) // timedelta(milliseconds=1)
        event = icpc.SubmissionEvent(sid, team, problem, time_ms, state, verdict or None)
        listed = [g for g in groups if isinstance(g, dict)] if isinstance(groups, list) else []
        result.append(ioi.scored(event, score, listed))
    return result


def cell_fields(jury: ioi.Cell, public: ioi.Cell, max_score: float | None) -> dict[str, Any]:
    values = [jury.score, jury.tries, jury.pending, jury.time_ms]
    values += [public.score, public.tries, public.pending, public.time_ms]
    fields = dict(zip(SCORE_FIELDS + PUBLIC_SCORE_FIELDS, values, strict=True))
    return {**fields, "s_max": max_score}


def cells_of(values: dict[str, Any]) -> tuple[ioi.Cell, ioi.Cell]:
    jury = ioi.Cell(*(values[f] for f in SCORE_FIELDS))
    public = ioi.Cell(*(values[f] for f in PUBLIC_SCORE_FIELDS))
    return jury, public


def max_of(subs: list[ioi.ScoredSubmission]) -> float | None:
    maxima = [s.max_score for s in subs if s.max_score is not None]
    return max(maxima) if maxima else None
