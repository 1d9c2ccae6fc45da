"""Team pages: the team's questions with their answers, the jury's announcements, the form to
ask, and marking the jury's messages read (the layout's notices)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from accounts.models import Team
from accounts.permissions import current_user, team_required
from contest.models import Contest
from contest.selectors import contest_for
from judge.errors import ServiceError
from judge.selectors import clarifications as selectors
from judge.services import clarifications as service
from live.clarifications import view
from live.events import ClarificationView
from team.forms import AskForm

Thread = dict[str, object]


def _threads(contest: Contest, team: Team) -> list[Thread]:
    """The team's questions, each with the answers it got, and the jury's other messages (an
    announcement, an answer given to everyone), newest first."""
    found = list(selectors.for_team(contest, team))
    answers: dict[int, list[ClarificationView]] = {}
    own = {m.pk for m in found if m.from_team_id == team.pk}
    for m in reversed(found):  # oldest answer first within a question
        if m.reply_to_id in own:
            answers.setdefault(m.reply_to_id, []).append(view(m, "team", team.pk))
    return [
        {"m": view(m, "team", team.pk), "answers": answers.get(m.pk, [])}
        for m in found
        if m.reply_to_id not in own
    ]


def _team(request: HttpRequest) -> Team:
    user = current_user(request)
    assert user is not None and user.team is not None  # team_required
    return user.team


@team_required
def clarifications(request: HttpRequest) -> HttpResponse:
    contest = contest_for(request)
    if contest is None:
        return render(request, "team/no_contest.html", status=404)
    team = _team(request)
    form = AskForm(request.POST if request.method == "POST" else None, contest=contest)
    if request.method == "POST" and form.is_valid():
        try:
            service.ask(
                user=current_user(request),  # type: ignore[arg-type]
                contest=contest,
                problem=form.cleaned_data["problem"],
                text=form.cleaned_data["text"],
            )
        except ServiceError as refused:
            form.add_error(None, refused.message)
        else:
            messages.success(request, "Your question was sent to the jury.")
            return redirect("team:clarifications")
    unread = set(selectors.unread_ids(contest, team))
    threads = _threads(contest, team)
    # Opening the page is reading it: its notices go away (they were shown here).
    service.mark_read(team=team, messages=list(selectors.for_team(contest, team)))
    context = {
        "threads": threads,
        "unread": unread,
        "form": form,
        "accepting": contest.accepts_questions(),
        "until": contest.clarifications_until or contest.end,
    }
    return render(request, "team/clarifications.html", context)


@require_POST
@team_required
def mark_read(request: HttpRequest) -> JsonResponse:
    """A notice dismissed: `ids` (comma separated) of jury messages, or all with `all=1`."""
    contest = contest_for(request)
    team = _team(request)
    if contest is None:
        return JsonResponse({"read": 0, "unread": []})
    visible = selectors.for_team(contest, team).filter(from_team=None)
    if request.POST.get("all") != "1":
        wanted = [
            int(i) for i in request.POST.get("ids", "").split(",") if i.isascii() and i.isdigit()
        ]
        visible = visible.filter(pk__in=wanted[:500])
    count = service.mark_read(team=team, messages=list(visible))
    return JsonResponse({"read": count, "unread": selectors.unread_ids(contest, team)})
