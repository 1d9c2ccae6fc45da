"""The scoreboard endpoint's JSON: the ICPC board (pass-fail) or the contest's score board.

Built from the cached cells the web boards read (scoreboard.services, scoreboard.score_board),
as the audience sees them: the freeze applies to everyone outside the jury.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from api.formats import abstime, reltime
from api.http import JSON
from api.serializers.config import state_json
from contest.models import Contest
from scoreboard import icpc, ioi


def _minutes(minute: int) -> str:
    return reltime(timedelta(minutes=minute))


def _ms(time_ms: int) -> str:
    return reltime(timedelta(milliseconds=time_ms))


def envelope(contest: Contest, now: datetime, rows: list[JSON]) -> JSON:
    return {
        "time": abstime(now),
        "contest_time": reltime(max(now, contest.start) - contest.start),
        "state": state_json(contest, now),
        "rows": rows,
    }


def pass_fail_row(rank: int, row: icpc.Row, problems: list[int]) -> JSON:
    return {
        "rank": rank,
        "team_id": str(row.team),
        "score": {
            "num_solved": row.solved,
            "total_time": _minutes(row.penalty),
            "time": _minutes(row.last_minute) if row.solved else None,
        },
        "problems": [_pass_fail_problem(p, row.cells.get(p, icpc.EMPTY)) for p in problems],
    }


def _pass_fail_problem(problem: int, cell: icpc.Cell) -> JSON:
    found: JSON = {
        "problem_id": str(problem),
        "num_judged": cell.tries,
        "num_pending": cell.pending,
        "solved": cell.solved,
    }
    if cell.solved and cell.minute is not None:
        found["time"] = _minutes(cell.minute)
    return found


def score_row(rank: int, row: ioi.Row, problems: list[int]) -> JSON:
    scoring = [c for c in row.cells.values() if c.score > 0 and c.time_ms is not None]
    last = max((c.time_ms or 0 for c in scoring), default=None)
    return {
        "rank": rank,
        "team_id": str(row.team),
        "score": {"score": row.score, "time": _ms(last) if last is not None else None},
        "problems": [_score_problem(p, row.cells.get(p, ioi.EMPTY)) for p in problems],
    }


def _score_problem(problem: int, cell: ioi.Cell) -> JSON:
    found: JSON = {
        "problem_id": str(problem),
        "num_judged": cell.tries,
        "num_pending": cell.pending,
        "score": cell.score,
    }
    if cell.score > 0 and cell.time_ms is not None:
        found["time"] = _ms(cell.time_ms)
    return found
