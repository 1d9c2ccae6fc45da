"""Team pages: submit, my submissions, one submission (as much as Contest.team_feedback shows)."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import content_disposition_header

from accounts.permissions import can_see_team_data, current_user, login_required, team_required
from contest.selectors import contest_for
from judge.errors import ServiceError
from judge.models import Submission
from judge.selectors.style import team_style
from judge.selectors.visibility import team_score, team_test_rows, team_view
from judge.services.submit import submit as submit_service
from team.forms import SubmitForm


@team_required
def submit(request: HttpRequest) -> HttpResponse:
    contest = contest_for(request)
    if contest is None:
        return render(request, "team/no_contest.html", status=404)
    user = current_user(request)
    assert user is not None
    form = SubmitForm(
        request.POST or None,
        request.FILES or None,
        contest=contest,
        initial={"problem": request.GET.get("problem")},
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            submission = submit_service(
                user=user,
                contest=contest,
                problem=data["problem"],
                filename=data["name"],
                source=data.get("source", b""),
                language=data.get("language"),
                files=data.get("files", ()),
                entrypoint=data.get("entrypoint", "").strip(),
                environment=data.get("environment") or "",
            )
        except ServiceError as rejected:
            form.add_error(None, rejected.message)
        else:
            messages.success(
                request, f"Submission #{submission.pk} received ({submission.language.name})."
            )
            # ?submitted= tells the page's script that the draft it sent was taken (juiz.js).
            return redirect(f"{reverse('team:submissions')}?submitted={submission.pk}")
    return render(request, "team/submit.html", {"form": form, "running": contest.is_running()})


def _team_rows(submissions: list[Submission]) -> list[dict[str, object]]:
    return [{"s": s, "view": team_view(s)} for s in submissions]


@team_required
def submission_list(request: HttpRequest) -> HttpResponse:
    user = current_user(request)
    assert user is not None and user.team_id is not None  # team_required
    contest = contest_for(request)
    submissions = list(
        Submission.objects.filter(team_id=user.team_id, contest=contest)
        .select_related("problem", "language", "contest")
        .order_by("-submitted_at", "-id")
    )
    context = {"rows": _team_rows(submissions)}
    if request.headers.get("X-Requested-With") == "fetch" or request.GET.get("partial"):
        return render(request, "team/_submission_rows.html", context)
    return render(request, "team/submission_list.html", context)


def _visible_submission(request: HttpRequest, pk: int) -> Submission:
    """404, not 403, for another team's submission: its existence is not revealed either."""
    submission = get_object_or_404(
        Submission.objects.select_related("problem", "language", "contest", "team"), pk=pk
    )
    if not can_see_team_data(current_user(request), submission.team_id):
        raise Http404("No such submission.")
    return submission


@login_required
def submission_detail(request: HttpRequest, pk: int) -> HttpResponse:
    submission = _visible_submission(request, pk)
    view = team_view(submission)
    context = {
        "s": submission,
        "files": [name for name, _ in submission.program_files()],
        "view": view,
        "tests": team_test_rows(submission),
        "points": team_score(submission),
        "style": team_style(submission),
        "compile_output": _compile_output(submission) if view.show_report else "",
    }
    if request.headers.get("X-Requested-With") == "fetch":
        return render(request, "team/_submission_result.html", context)
    return render(request, "team/submission_detail.html", context)


def _compile_output(submission: Submission) -> str:
    judgement = submission.current_judgement
    return judgement.compile_output if judgement is not None else ""


@login_required
def submission_source(request: HttpRequest, pk: int, index: int = 0) -> HttpResponse:
    """The submitted file (of several: the one at `index`, in the order submitted)."""
    submission = _visible_submission(request, pk)
    files = submission.program_files()
    if index >= len(files):
        raise Http404("No such file.")
    name, source = files[index]
    response = HttpResponse(source, content_type="text/plain; charset=utf-8")
    # Escaped (or RFC 5987-encoded) by Django: a name may hold a quote, or a line break stored
    # before submit refused them.
    shown = name.rsplit("/", 1)[-1]
    response["Content-Disposition"] = content_disposition_header(False, shown) or "inline"
    response["X-Content-Type-Options"] = "nosniff"
    return response
