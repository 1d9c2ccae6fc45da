"""A submission as judges see it, and the actions on it (validate, change, reevaluate, make a
report current)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.views.decorators.http import require_POST

from accounts.models import User
from accounts.permissions import judge_required
from contest.models import Blob, TestCase
from judge.models import AuditEntry, Judgement, RejudgeItem, RejudgeState, Submission
from judge.selectors import rejudge as rejudge_selectors
from judge.selectors.style import jury_style
from judge.services import jury
from jury.forms import ChangeForm, MakeCurrentForm
from jury.views.common import attempt, jury_version
from jury.views.report import DETAIL_CAP, highlighted_sources, run_views
from scoreboard import ioi


def _submission(pk: int) -> Submission:
    return get_object_or_404(
        Submission.objects.select_related("team", "problem", "language", "contest"), pk=pk
    )


def _judge(request: HttpRequest) -> User:
    return request.user  # type: ignore[return-value]


@judge_required
def detail(request: HttpRequest, pk: int) -> HttpResponse:
    submission = _submission(pk)
    version = jury_version(submission.contest)  # before the data
    judgements = list(submission.judgements.select_related("requested_by").order_by("pk"))
    shown = _shown_judgement(request, submission, judgements)
    context: dict[str, Any] = {
        "s": submission,
        "live_version": version,
        "sources": highlighted_sources(submission),
        "judgements": judgements,
        "shown": shown,
        "runs": run_views(shown) if shown else [],
        "style": jury_style(shown),
        "report_max": _report_max(shown),
        "change_form": ChangeForm(initial={"classification": submission.classification}),
        "audit": AuditEntry.objects.filter(submission=submission).select_related("user")[:50],
        "is_override": rejudge_selectors.is_override(submission),
        "open_item": RejudgeItem.objects.filter(
            submission=submission, rejudge__state=RejudgeState.JUDGING
        ).first(),
    }
    return render(request, "jury/submission.html", context)


def _report_max(judgement: Judgement | None) -> float | None:
    """A scoring report's maximum: its groups' maxima (scoreboard.ioi counts them)."""
    report = judgement.report if judgement is not None else None
    groups = report.get("groups") if isinstance(report, dict) else None
    if not isinstance(groups, list):
        return None
    return ioi.max_score(g for g in groups if isinstance(g, dict))


def _shown_judgement(
    request: HttpRequest, submission: Submission, judgements: list[Judgement]
) -> Judgement | None:
    wanted = request.GET.get("report", "")
    chosen = next((j for j in judgements if str(j.pk) == wanted), None)
    if chosen is not None:
        return chosen
    current = next((j for j in judgements if j.pk == submission.current_judgement_id), None)
    return current or (judgements[-1] if judgements else None)


def _back(submission: Submission) -> HttpResponse:
    return redirect("jury:submission", submission.pk)


@judge_required
@require_POST
def validate(request: HttpRequest, pk: int) -> HttpResponse:
    submission = _submission(pk)
    attempt(
        request,
        lambda: jury.validate(submission=submission, judge=_judge(request)),
        f"Submission {pk} validated: {submission.classification} is final.",
    )
    return _back(submission)


@judge_required
@require_POST
def change(request: HttpRequest, pk: int) -> HttpResponse:
    submission = _submission(pk)
    form = ChangeForm(request.POST)
    if not form.is_valid():
        return _refused(request, submission, "A new classification and a comment are required.")
    attempt(
        request,
        lambda: jury.change(
            submission=submission,
            judge=_judge(request),
            classification=form.cleaned_data["classification"],
            comment=form.cleaned_data["comment"],
        ),
        f"Submission {pk} changed to {form.cleaned_data['classification']} (final).",
    )
    return _back(submission)


def _refused(request: HttpRequest, submission: Submission, message: str) -> HttpResponse:
    messages.error(request, message)
    return _back(submission)


@judge_required
@require_POST
def reevaluate(request: HttpRequest, pk: int) -> HttpResponse:
    submission = _submission(pk)
    attempt(
        request,
        lambda: jury.reevaluate(
            submission=submission, judge=_judge(request), rebuild=bool(request.POST.get("rebuild"))
        ),
        f"Submission {pk} queued for reevaluation; the team keeps its verdict until you choose.",
    )
    return _back(submission)


@judge_required
@require_POST
def make_current(request: HttpRequest, pk: int) -> HttpResponse:
    submission = _submission(pk)
    form = MakeCurrentForm(request.POST)
    if not form.is_valid():
        return _refused(request, submission, "Choose a report.")
    judgement = get_object_or_404(Judgement, pk=form.cleaned_data["judgement"])
    final = form.cleaned_data["final"]
    attempt(
        request,
        lambda: jury.make_current(
            submission=submission, judgement=judgement, judge=_judge(request), final=final
        ),
        f"Report {judgement.pk} is now in force ({'final' if final else 'pending'}).",
    )
    return _back(submission)


@judge_required
def compare(request: HttpRequest, pk: int, old: int, new: int) -> HttpResponse:
    submission = _submission(pk)
    judgements = submission.judgements.all()
    comparison = jury.compare(
        get_object_or_404(judgements, pk=old), get_object_or_404(judgements, pk=new)
    )
    return render(request, "jury/compare.html", {"s": submission, "c": comparison})


@judge_required
def run_detail(request: HttpRequest, pk: int, run: int) -> HttpResponse:
    """One test of a report with up to DETAIL_CAP of its data."""
    submission = _submission(pk)
    judgement = get_object_or_404(Judgement.objects.filter(submission=submission), runs__pk=run)
    (view,) = run_views(judgement, cap=DETAIL_CAP, only=run)
    back = reverse("jury:submission", args=[pk]) + f"?report={judgement.pk}"
    return render(
        request, "jury/run.html", {"s": submission, "j": judgement, "r": view, "back": back}
    )


@judge_required
def test_data(request: HttpRequest, test: int, kind: str) -> StreamingHttpResponse:
    """The whole input or answer file of a test, for judges only."""
    if kind not in ("in", "ans"):
        raise Http404("No such test file.")
    case = get_object_or_404(TestCase.objects.select_related("problem"), pk=test)
    sha = case.input_id if kind == "in" else case.answer_id
    blob = Blob.objects.get(pk=sha)
    # Streamed a chunk at a time: a test file may be hundreds of megabytes.
    response = StreamingHttpResponse(blob.chunks(), content_type="text/plain; charset=utf-8")
    response["Content-Length"] = str(blob.size)
    filename = f"{case.problem.letter}-{case.name.replace('/', '-')}.{kind}"
    response["Content-Disposition"] = content_disposition_header(False, filename) or "inline"
    return response
