"""Which runs (test runs of a judgement) a client sees.

- The jury: every run of every judgement, reevaluations and rejudges included.
- A team: the runs of its own submissions' current judgements that its own pages list
  (judge.selectors.visibility: the feedback level `samples` lists the sample tests, `all`
  every test, lower levels none; a verdict the team may not see yet hides its runs too).
  This holds during the freeze as well: the freeze hides results from others, not from the
  team itself.
- Anyone else: none. Per-test results of other teams are shown on no page of Juiz.

A skipped test (Evaluation Skipped) was not run, so it has no run object (api.judgement_types).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import QuerySet

from accounts.models import User
from api import selectors, visibility
from api.judgement_types import is_run
from contest.models import Contest, TeamFeedback
from judge.models import Judgement, Submission, TestRun
from judge.selectors.visibility import team_view
from judging.classification import Classification


@dataclass(frozen=True)
class RunRow:
    run: TestRun
    judgement: Judgement


def _team_shows(row: selectors.JudgementRow) -> TeamFeedback | None:
    """Which runs the team's own pages list for this judgement: none (None), samples or all."""
    view = team_view(row.submission)
    if not row.current or not view.classification or not view.show_tests:
        return None
    return view.tests


def _listed(run: TestRun, shown: TeamFeedback | None) -> bool:
    if shown is None:
        return False
    return shown == TeamFeedback.ALL or run.sample


def _submissions(user: User | None, contest: Contest, now: datetime) -> QuerySet[Submission]:
    """The jury's visible submissions, or the client's own team's (after the contest a team
    is listed others' too, but never sees their runs); none for anyone else."""
    rows = selectors.submissions(user, contest, now)
    if visibility.is_jury(user):
        return rows
    if user is None or user.team_id is None:
        return rows.none()
    return rows.filter(team_id=user.team_id)


def runs(
    user: User | None,
    contest: Contest,
    now: datetime,
    only: int | None = None,
    submission: int | None = None,
) -> list[RunRow]:
    """The visible runs (or just run `only`), of one submission if `submission` is given."""
    jury = visibility.is_jury(user)
    subs = _submissions(user, contest, now)
    if submission is not None:
        subs = subs.filter(pk=submission)
    rows = selectors.judgements(user, contest, now, subs)
    by_judgement = {row.judgement.pk: row for row in rows}
    shows = {pk: (None if jury else _team_shows(row)) for pk, row in by_judgement.items()}
    found = TestRun.objects.filter(judgement_id__in=list(by_judgement))
    if only is not None:
        found = found.filter(pk=only)
    return [
        RunRow(run, by_judgement[run.judgement_id].judgement)
        for run in found.order_by("judgement_id", "order")
        if is_run(Classification(run.classification))
        and (jury or _listed(run, shows[run.judgement_id]))
    ]
