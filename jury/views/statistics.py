"""The jury's statistics (/jury/statistics/): a page of charts (static/statistics.js, drawn by
the vendored Chart.js) and the JSON data they read, one endpoint per data set
(judge.selectors.statistics). Judges and admins only: the mix of verdicts per team is the
jury's knowledge, during the freeze too."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from accounts.permissions import judge_required
from contest.models import Contest
from judge.selectors import statistics
from jury.views.common import jury_contest

DATA: dict[str, Callable[[Contest], dict[str, Any]]] = {
    "submissions": statistics.submissions,
    "verdicts": statistics.verdicts,
    "first-accepts": statistics.first_accepts,
    "attempts": statistics.attempts,
    "judging": statistics.judging,
}


@judge_required
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    contest = jury_contest(request)
    context = {"contest": contest, "data_sets": list(DATA)}
    return render(request, "jury/statistics.html", context)


@judge_required
@require_GET
def data(request: HttpRequest, name: str) -> JsonResponse:
    compute = DATA.get(name)
    if compute is None:
        raise Http404(f"No statistics named {name!r}.")
    contest = jury_contest(request)
    return JsonResponse({"contest": contest.pk, "name": name, "data": compute(contest)})
