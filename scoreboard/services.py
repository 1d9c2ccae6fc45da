"""Keep the cached cells in step with the submissions, and read boards from them.

Writers (refresh_cell, rebuild) take a row lock on the contest's BoardState, so writes to one
contest's board are serialised (SQLite serialises them anyway); readers never lock. After a
change, the contest's board *revision* in Redis goes up: each process keeps the rows it last
read with the revision they were read at, and reads the cells again only when it moved.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction

from accounts.models import Category
from contest import selectors
from contest.models import Contest, Problem
from judge.models import Submission
from live import streams
from live.events import BoardView, ProblemView
from scoreboard import icpc, ioi, logos, scores
from scoreboard.models import BoardState, Reveal, ScoreCell
from scoreboard.presenters import Audience, TeamInfo, board_view

JURY_FIELDS = ("tries", "pending", "solved", "minute", "time_ms", "penalty")
PUBLIC_FIELDS = tuple(f"p_{f}" for f in JURY_FIELDS)


def rules_for(contest: Contest) -> icpc.Rules:
    return icpc.Rules(
        penalty_minutes=contest.penalty_minutes,
        compile_errors_count=contest.compile_errors_count,
        pending_counts=contest.pending_counts_on_scoreboard,
    )


def rules_key(contest: Contest) -> str:
    """Everything the cached cells depend on besides submissions and reveals."""
    parts = (
        contest.start.isoformat(),
        contest.penalty_minutes,
        contest.compile_errors_count,
        contest.pending_counts_on_scoreboard,
        contest.freeze_start.isoformat() if contest.freeze_start else "",
        contest.unfrozen_at.isoformat() if contest.unfrozen_at else "",
        scores.rules_part(contest),
    )
    return "|".join(str(p) for p in parts)


def contest_ms(contest: Contest, when: datetime) -> int:
    return (when - contest.start) // timedelta(milliseconds=1)


def visibility_for(contest: Contest) -> icpc.Visibility:
    """The public's view: the freeze with the jury's reveals applied."""
    if contest.freeze_start is None:
        return icpc.JURY
    problems: set[int] = set()
    cells: set[tuple[int, int]] = set()
    for team_id, problem_id in Reveal.objects.filter(contest=contest).values_list(
        "team_id", "problem_id"
    ):
        if team_id is None:
            problems.add(problem_id)
        else:
            cells.add((team_id, problem_id))
    return icpc.Visibility(
        freeze_ms=contest_ms(contest, contest.freeze_start),
        unfrozen=contest.unfrozen_at is not None,
        revealed_problems=frozenset(problems),
        revealed_cells=frozenset(cells),
    )


def submission_events(contest: Contest, **filters: Any) -> list[icpc.SubmissionEvent]:
    rows = Submission.objects.filter(contest=contest, **filters).values_list(
        "id", "team_id", "problem_id", "submitted_at", "state", "classification"
    )
    return [
        icpc.SubmissionEvent(sid, team, problem, contest_ms(contest, at), state, verdict or None)
        for sid, team, problem, at, state, verdict in rows
    ]


@dataclass(frozen=True)
class CellUpdate:
    team: int
    problem: int
    jury: bool  # the jury's cell changed
    public: bool  # the public cell changed
    rebuilt: bool = False  # the whole board was recomputed (rules changed or first use)
    scores_jury: bool = False  # the score board's jury cell changed
    scores_public: bool = False  # and its public cell


def refresh_cell(contest: Contest, team_id: int, problem_id: int) -> CellUpdate:
    """Recompute one cell from its submissions (after one of them changed)."""
    with transaction.atomic():
        state = _lock(contest)
        if state.rules_key != rules_key(contest):
            _rebuild(contest, state)
            scored = scores.mode_for(contest) is not None
            update = CellUpdate(team_id, problem_id, True, True, True, scored, scored)
        else:
            update = _refresh(contest, team_id, problem_id)
    if update.jury or update.public or update.scores_jury or update.scores_public:
        _bump(contest.id)
    return update


def refresh_cells(contest: Contest, cells: Iterable[tuple[int, int]]) -> set[int]:
    """Recompute several cells (a reveal); return the teams whose public row changed."""
    changed: set[int] = set()
    with transaction.atomic():
        state = _lock(contest)
        if state.rules_key != rules_key(contest):
            _rebuild(contest, state)
            changed = set(selectors.teams_of(contest).values_list("id", flat=True))
        else:
            for team_id, problem_id in cells:
                update = _refresh(contest, team_id, problem_id)
                if update.public or update.scores_public:
                    changed.add(team_id)
    _bump(contest.id)
    return changed


def rebuild(contest: Contest) -> None:
    """Recompute every cell from every submission (the full recompute)."""
    with transaction.atomic():
        _rebuild(contest, _lock(contest))
    _bump(contest.id)


def _lock(contest: Contest) -> BoardState:
    state, _ = BoardState.objects.select_for_update().get_or_create(contest=contest)
    return state


def _refresh(contest: Contest, team_id: int, problem_id: int) -> CellUpdate:
    subs = submission_events(contest, team_id=team_id, problem_id=problem_id)
    rules, vis = rules_for(contest), visibility_for(contest)
    jury, public = icpc.cell(subs, rules, icpc.JURY), icpc.cell(subs, rules, vis)
    hidden = any(vis.hides(s) for s in subs)
    scored = scores.scored_events(contest, team_id=team_id, problem_id=problem_id)
    s_jury, s_public = _score_cells(contest, scored, rules, vis)
    old = ScoreCell.objects.filter(contest=contest, team_id=team_id, problem_id=problem_id).first()
    old_jury, old_public = _cells_of(old) if old else (icpc.EMPTY, icpc.EMPTY)
    old_scores = scores.cells_of(vars(old)) if old else (ioi.EMPTY, ioi.EMPTY)
    if not subs:
        ScoreCell.objects.filter(contest=contest, team_id=team_id, problem_id=problem_id).delete()
    else:
        ScoreCell.objects.update_or_create(
            contest=contest,
            team_id=team_id,
            problem_id=problem_id,
            defaults={
                **_fields(jury, public, hidden),
                **scores.cell_fields(s_jury, s_public, scores.max_of(scored)),
            },
        )
    # `hidden` only feeds the resolver's list: it changes nothing the public sees.
    return CellUpdate(
        team_id,
        problem_id,
        jury != old_jury,
        public != old_public,
        scores_jury=s_jury != old_scores[0],
        scores_public=s_public != old_scores[1],
    )


def _score_cells(
    contest: Contest,
    scored: list[ioi.ScoredSubmission],
    rules: icpc.Rules,
    vis: icpc.Visibility,
) -> tuple[ioi.Cell, ioi.Cell]:
    mode = scores.mode_for(contest)
    if mode is None or not scored:
        return ioi.EMPTY, ioi.EMPTY
    return ioi.cell(scored, mode, rules, icpc.JURY), ioi.cell(scored, mode, rules, vis)


def _rebuild(contest: Contest, state: BoardState) -> None:
    subs = submission_events(contest)
    rules, vis = rules_for(contest), visibility_for(contest)
    teams = sorted({s.team for s in subs})
    jury = icpc.compute_cells(teams, subs, rules, icpc.JURY)
    public = icpc.compute_cells(teams, subs, rules, vis)
    hidden = {(s.team, s.problem) for s in subs if vis.hides(s)}
    score_fields = _score_fields(contest, rules, vis)
    ScoreCell.objects.filter(contest=contest).delete()
    ScoreCell.objects.bulk_create(
        (
            ScoreCell(
                contest=contest,
                team_id=team,
                problem_id=problem,
                **_fields(c, public[team][problem], (team, problem) in hidden),
                **score_fields.get((team, problem), {}),
            )
            for team, cells in jury.items()
            for problem, c in cells.items()
        ),
        batch_size=2000,
    )
    state.rules_key = rules_key(contest)
    state.save()


def _score_fields(
    contest: Contest, rules: icpc.Rules, vis: icpc.Visibility
) -> dict[tuple[int, int], dict[str, Any]]:
    """Every score cell's fields, by (team, problem)."""
    by_cell: dict[tuple[int, int], list[ioi.ScoredSubmission]] = {}
    for sub in scores.scored_events(contest):
        by_cell.setdefault((sub.event.team, sub.event.problem), []).append(sub)
    fields = {}
    for key, subs in by_cell.items():
        jury, public = _score_cells(contest, subs, rules, vis)
        fields[key] = scores.cell_fields(jury, public, scores.max_of(subs))
    return fields


def _fields(jury: icpc.Cell, public: icpc.Cell, hidden: bool) -> dict[str, Any]:
    values = [jury.tries, jury.pending, jury.solved, jury.minute, jury.time_ms, jury.penalty]
    values += [public.tries, public.pending, public.solved]
    values += [public.minute, public.time_ms, public.penalty]
    return {**dict(zip(JURY_FIELDS + PUBLIC_FIELDS, values, strict=True)), "hidden": hidden}


def _cells_of(cell: ScoreCell) -> tuple[icpc.Cell, icpc.Cell]:
    jury = icpc.Cell(*(getattr(cell, f) for f in JURY_FIELDS))
    public = icpc.Cell(*(getattr(cell, f) for f in PUBLIC_FIELDS))
    return jury, public


def _bump(contest_id: int) -> None:
    """Move the revision now (readers in this transaction see the change) and again after the
    commit: a reader in another process may have cached the pre-commit cells under the first."""
    name = f"sb:rev:{contest_id}"
    streams.bump(name)
    if transaction.get_connection().in_atomic_block:
        transaction.on_commit(lambda: streams.bump(name), robust=True)


def revision(contest_id: int) -> int:
    return streams.counter(f"sb:rev:{contest_id}")


# --- reading ---------------------------------------------------------------------------------

Token = tuple[int, str]
_cache: dict[tuple[int, str], tuple[Token, dict[int, icpc.Row]]] = {}
_views: dict[tuple[int, str, int | None], tuple[tuple[Any, ...], BoardView]] = {}
_cache_lock = threading.Lock()


def cached_rows(contest: Contest, audience: Audience) -> dict[int, icpc.Row]:
    return _cached_rows(contest, audience)[1]


def _cached_rows(contest: Contest, audience: Audience) -> tuple[Token, dict[int, icpc.Row]]:
    """The rows of the teams that have cells, from this process's cache when it is current."""
    token = (revision(contest.id), rules_key(contest))
    with _cache_lock:
        hit = _cache.get((contest.id, audience))
    if hit is not None and hit[0] == token:
        return hit
    if ensure_fresh(contest):
        token = (revision(contest.id), token[1])
    rows = load_rows(contest, audience)
    with _cache_lock:
        _cache[(contest.id, audience)] = (token, rows)
    return token, rows


def ensure_fresh(contest: Contest) -> bool:
    """Rebuild the cells if they were never built or the contest's rules changed since."""
    state = BoardState.objects.filter(contest=contest).first()
    if state is not None and state.rules_key == rules_key(contest):
        return False
    rebuild(contest)
    return True


def load_rows(contest: Contest, audience: Audience, **filters: Any) -> dict[int, icpc.Row]:
    fields = JURY_FIELDS if audience == "jury" else PUBLIC_FIELDS
    cells: dict[int, dict[int, icpc.Cell]] = {}
    query = ScoreCell.objects.filter(contest=contest, **filters)
    for team, problem, *values in query.values_list("team_id", "problem_id", *fields):
        cells.setdefault(team, {})[problem] = icpc.Cell(*values)
    return {team: icpc.row(team, c) for team, c in cells.items()}


def teams(
    contest: Contest,
    audience: Audience,
    category: int | None = None,
    ids: Iterable[int] | None = None,
) -> dict[int, TeamInfo]:
    """The contest's teams the audience sees, each with its category in this contest (its
    link's, else its own: contest.selectors.categories_of) and its organization."""
    query = selectors.teams_of(contest)
    if ids is not None:
        query = query.filter(pk__in=list(ids))
    categories = selectors.categories_of(contest, None if ids is None else list(ids))
    visible = dict(Category.objects.values_list("pk", "visible"))
    found: dict[int, TeamInfo] = {}
    for row in query.values_list(*TEAM_FIELDS):
        cat = categories.get(row[0])
        info = _team_info(*row, category=cat, public=cat is None or visible.get(cat, True))
        if (audience == "public" and not info["public"]) or (
            category is not None and cat != category
        ):
            continue
        found[info["id"]] = info
    return found


TEAM_FIELDS = (
    "id",
    "name",
    "affiliation",
    "organization_id",
    "organization__country",
    "organization__logo",
    "location",
)


def _team_info(
    tid: int,
    name: str,
    affiliation: str,
    org: int | None,
    country: str | None,
    logo: str | None,
    location: str,
    *,
    category: int | None,
    public: bool,
) -> TeamInfo:
    return TeamInfo(
        id=tid,
        name=name,
        affiliation=affiliation,
        country=country or "",
        logo=logos.url(org, logo),
        location=location,
        category=category,
        public=public,
    )


def problems(contest: Contest) -> list[ProblemView]:
    values = Problem.objects.filter(contest=contest).order_by("letter")
    return [
        ProblemView(id=pid, letter=letter, name=name, color=color)
        for pid, letter, name, color in values.values_list("id", "letter", "name", "color")
    ]


def board(contest: Contest, audience: Audience, category: int | None = None) -> BoardView:
    """The board as the audience sees it, optionally one category's teams (ranked among
    themselves; first-to-solve stays that of the whole audience).

    The result is cached per process while the cells, the teams, the problems and the freeze
    are unchanged; it is shared, so callers must not modify it."""
    everyone = teams(contest, audience)
    token, rows = _cached_rows(contest, audience)
    problem_list = problems(contest)
    frozen = audience == "public" and contest.is_frozen()
    fingerprint: tuple[Any, ...] = (
        token,
        frozen,
        tuple(tuple(info.values()) for info in everyone.values()),
        tuple(tuple(p.values()) for p in problem_list),
    )
    key = (contest.id, audience, category)
    with _cache_lock:
        hit = _views.get(key)
    if hit is not None and hit[0] == fingerprint:
        return hit[1]
    view = _board(contest, audience, category, everyone, rows, frozen, problem_list)
    with _cache_lock:
        _views[key] = (fingerprint, view)
    return view


def board_from_database(
    contest: Contest, audience: Audience, category: int | None = None
) -> BoardView:
    """The board read straight from the cells, for when Redis is unreachable: the cache is
    keyed by the cells' revision counter, which lives in Redis, so it is bypassed."""
    frozen = audience == "public" and contest.is_frozen()
    rows = load_rows(contest, audience)
    everyone = teams(contest, audience)
    return _board(contest, audience, category, everyone, rows, frozen, problems(contest))


def _board(
    contest: Contest,
    audience: Audience,
    category: int | None,
    everyone: dict[int, TeamInfo],
    rows: dict[int, icpc.Row],
    frozen: bool,
    problem_list: list[ProblemView],
) -> BoardView:
    standings = icpc.rank(
        (rows.get(t) or icpc.row(t, {}) for t in everyone),
        {t: info["name"] for t, info in everyone.items()},
    )
    shown = everyone
    if category is not None:
        shown = {t: info for t, info in everyone.items() if info["category"] == category}
        first = standings.first
        standings = icpc.rank(
            (s.row for s in standings.standings if s.row.team in shown),
            {t: info["name"] for t, info in shown.items()},
        )
        standings = icpc.Standings(standings.standings, first)
    return board_view(contest.id, audience, frozen, problem_list, shown, standings)
