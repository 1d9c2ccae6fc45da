"""The jury's statistics of a contest, as JSON-able data for the charts of /jury/statistics/.

Each data set is one function of the contest's submissions or judgements, read in one query:
- `submissions`: submissions per time bucket, per problem and verdict;
- `verdicts`: the verdict mix per problem and per language;
- `first_accepts`: per problem, the contest minute of its first accept, the median minute at
  which the teams that solved it first solved it, and how many did;
- `attempts`: the team x problem heat map: tries, and whether (and when) solved;
- `judging`: over the contest, the judgements waiting for a worker at each bucket's end, and
  the judging time (worker start to finish) of those finished in each bucket.

A submission's verdict is the one in force (Submission.classification), "Pending" while it
has none. Times are contest minutes from the start, up to the end (or now, if sooner).
"""

from __future__ import annotations

import statistics
from bisect import bisect_right
from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone

from contest.models import Contest
from judge.models import Judgement, Submission

NO_VERDICT = "Pending"
ACCEPTED = "Accepted"
NICE_BUCKETS = (1, 2, 5, 10, 15, 20, 30, 60, 120, 240, 480, 1440)
MOST_BUCKETS = 60

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Row:
    """One submission as the statistics read it."""

    team: str
    problem: str  # its letter
    language: str
    minute: float  # contest minutes since the start
    verdict: str


def rows(contest: Contest) -> list[Row]:
    query = Submission.objects.filter(contest=contest).order_by("submitted_at", "pk")
    values = query.values_list(
        "team__name", "problem__letter", "language__name", "submitted_at", "classification"
    )
    return [
        Row(team, letter, language, _minutes(contest, at), verdict or NO_VERDICT)
        for team, letter, language, at, verdict in values
    ]


def _minutes(contest: Contest, when: datetime) -> float:
    return (when - contest.start).total_seconds() / 60


def span_minutes(contest: Contest, now: datetime | None = None) -> float:
    """The minutes the charts cover: to the end, or to now while the contest runs."""
    last = min(contest.end, now or timezone.now())
    return max(_minutes(contest, last), 0.0)


def bucket_minutes(span: float) -> int:
    """The smallest round bucket that keeps a chart at MOST_BUCKETS bars or fewer."""
    return next((b for b in NICE_BUCKETS if span / b <= MOST_BUCKETS), NICE_BUCKETS[-1])


def _buckets(span: float) -> tuple[int, list[int]]:
    size = bucket_minutes(span)
    count = max(1, int(-(-span // size)))  # ceil, and one bucket for an empty span
    return size, [i * size for i in range(count)]


def _index(minute: float, size: int, count: int) -> int:
    return min(max(int(minute // size), 0), count - 1)


def submissions(contest: Contest, found: list[Row] | None = None) -> JSON:
    """{"bucket": minutes, "starts": [...], "problems": [...], "verdicts": [...],
    "counts": {problem: {verdict: [per bucket]}}}."""
    found = rows(contest) if found is None else found
    size, starts = _buckets(span_minutes(contest))
    counts: dict[str, dict[str, list[int]]] = defaultdict(dict)
    for row in found:
        series = counts[row.problem].setdefault(row.verdict, [0] * len(starts))
        series[_index(row.minute, size, len(starts))] += 1
    return {
        "bucket": size,
        "starts": starts,
        "problems": _letters(contest),
        "verdicts": _verdicts(found),
        "counts": counts,
    }


def verdicts(contest: Contest, found: list[Row] | None = None) -> JSON:
    """{"verdicts": [...], "by_problem": {problem: {verdict: n}}, "by_language": {...}}."""
    found = rows(contest) if found is None else found
    by_problem: dict[str, Counter[str]] = {p: Counter() for p in _letters(contest)}
    by_language: dict[str, Counter[str]] = defaultdict(Counter)
    for row in found:
        by_problem.setdefault(row.problem, Counter())[row.verdict] += 1
        by_language[row.language][row.verdict] += 1
    return {
        "verdicts": _verdicts(found),
        "by_problem": {p: dict(c) for p, c in by_problem.items()},
        "by_language": {lang: dict(c) for lang, c in sorted(by_language.items())},
    }


def first_accepts(contest: Contest, found: list[Row] | None = None) -> JSON:
    """{"problems": [{"problem", "first", "median", "solved"}]}: minutes rounded to 0.1."""
    found = rows(contest) if found is None else found
    solved_at = _first_solves(found)
    out = []
    for letter in _letters(contest):
        times = sorted(solved_at.get(letter, {}).values())
        out.append(
            {
                "problem": letter,
                "first": round(times[0], 1) if times else None,
                "median": round(statistics.median(times), 1) if times else None,
                "solved": len(times),
            }
        )
    return {"problems": out}


def _first_solves(found: list[Row]) -> dict[str, dict[str, float]]:
    """problem -> team -> the minute of the team's first accept."""
    solved: dict[str, dict[str, float]] = defaultdict(dict)
    for row in found:  # in submission order: the first accept of a team is kept
        if row.verdict == ACCEPTED:
            solved[row.problem].setdefault(row.team, row.minute)
    return solved


def attempts(contest: Contest, found: list[Row] | None = None) -> JSON:
    """{"problems": [...], "teams": [...], "cells": {team: {problem: {"tries", "solved_at"}}},
    "most": the most tries of a cell}: tries are every submission of the cell."""
    found = rows(contest) if found is None else found
    solved = _first_solves(found)
    tries: Counter[tuple[str, str]] = Counter((r.team, r.problem) for r in found)
    cells: dict[str, dict[str, JSON]] = defaultdict(dict)
    for (team, letter), n in tries.items():
        at = solved.get(letter, {}).get(team)
        cells[team][letter] = {"tries": n, "solved_at": None if at is None else round(at)}
    return {
        "problems": _letters(contest),
        "teams": sorted(cells),
        "cells": cells,
        "most": max(tries.values(), default=0),
    }


def judging(contest: Contest) -> JSON:
    """{"bucket", "starts", "queued": [at each bucket's end], "judging_s": [mean per bucket,
    None without a finished judgement], "judging_max_s": [...], "judged": [count]}."""
    query = Judgement.objects.filter(submission__contest=contest)
    values = list(query.values_list("created_at", "started_at", "finished_at"))
    size, starts = _buckets(span_minutes(contest))
    ends = [_at(contest, s + size) for s in starts]
    durations: list[list[float]] = [[] for _ in starts]
    for _, started, finished in values:
        if started is not None and finished is not None and finished >= started:
            at = _index(_minutes(contest, finished), size, len(starts))
            durations[at].append((finished - started).total_seconds())
    return {
        "bucket": size,
        "starts": starts,
        "queued": _waiting(values, ends),
        "judging_s": [round(statistics.fmean(d), 2) if d else None for d in durations],
        "judging_max_s": [round(max(d), 2) if d else None for d in durations],
        "judged": [len(d) for d in durations],
    }


def _at(contest: Contest, minute: float) -> datetime:
    return contest.start + timedelta(minutes=minute)


def _waiting(values: list[tuple[Any, Any, Any]], ends: list[datetime]) -> list[int]:
    """Per instant, the judgements created by then that no worker had started by then."""
    created = sorted(c for c, _, _ in values)
    started = sorted(s for _, s, _ in values if s is not None)
    return [bisect_right(created, t) - bisect_right(started, t) for t in ends]


def _letters(contest: Contest) -> list[str]:
    return list(contest.problems.order_by("letter").values_list("letter", flat=True))


def _verdicts(found: list[Row]) -> list[str]:
    """The verdicts met, the most frequent first (the charts' legend and colours)."""
    return [v for v, _ in Counter(r.verdict for r in found).most_common()]
