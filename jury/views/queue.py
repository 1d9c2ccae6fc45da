"""The judge's queue: the contest's submissions, newest first, filtered, with counts per state.

Runners read the same list (no links to sources or reports, no actions).
"""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.db.models import Count, Exists, OuterRef, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from accounts.permissions import jury_reader_required
from judge.models import Judgement, JudgementState, Submission, SubmissionState
from jury.forms import QueueFilterForm
from jury.views.common import jury_contest, query_without

PAGE_SIZE = 50


def _with_new_reports(submissions: QuerySet[Submission]) -> QuerySet[Submission]:
    """Mark submissions with a finished reevaluation newer than the report in force: a judge
    still has to look at it (judgement ids grow, so newer means a larger id)."""
    waiting = Judgement.objects.filter(
        submission=OuterRef("pk"),
        reason=Judgement.Reason.REEVALUATION,
        state=JudgementState.DONE,
        pk__gt=OuterRef("current_judgement_id"),
    )
    return submissions.annotate(new_report=Exists(waiting))


@jury_reader_required
def queue(request: HttpRequest) -> HttpResponse:
    contest = jury_contest(request)
    form = QueueFilterForm(request.GET or None, contest=contest)
    submissions = Submission.objects.filter(contest=contest).select_related(
        "team", "problem", "language"
    )
    state = ""
    if form.is_bound and form.is_valid():
        submissions = form.filter(submissions)
        state = form.cleaned_data["state"]
    counts = _counts(submissions)
    if state:
        submissions = submissions.filter(state=state)
    page = Paginator(_with_new_reports(submissions), PAGE_SIZE).get_page(request.GET.get("page"))
    context: dict[str, Any] = {
        "contest": contest,
        "form": form,
        "page": page,
        "counts": counts,
        "state": state,
        "query": query_without(request, "page", "partial"),
        "state_query": query_without(request, "page", "partial", "state"),
        "can_judge": request.user.is_judge,  # type: ignore[union-attr]
    }
    template = "jury/_queue_rows.html" if request.GET.get("partial") else "jury/queue.html"
    return render(request, template, context)


def _counts(submissions: QuerySet[Submission]) -> list[tuple[str, str, int]]:
    per_state = submissions.order_by().values("state").annotate(n=Count("id"))
    found = {row["state"]: row["n"] for row in per_state}
    return [(value, label, found.get(value, 0)) for value, label in SubmissionState.choices]
