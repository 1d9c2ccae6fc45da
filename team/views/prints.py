"""Team page: send a file to print (an upload, or text pasted with a file name), and the team's
printouts so far with what the runners did with them."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from accounts.models import Team
from accounts.permissions import current_user, team_required
from contest.models import Contest
from contest.selectors import contest_for
from judge.errors import ServiceError
from judge.models import Printout
from judge.services import printouts as service


class PrintForm(forms.Form):
    file = forms.FileField(required=False, label="File")
    text = forms.CharField(
        required=False, strip=False, widget=forms.Textarea(attrs={"rows": 10}), label="Or paste"
    )
    file_name = forms.CharField(
        required=False,
        max_length=200,
        label="File name of the pasted text",
        help_text="Its extension chooses the highlighting (e.g. main.cpp).",
    )

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        if not data.get("file") and not (data.get("text") or "").strip():
            raise forms.ValidationError("Choose a file or paste the text to print.")
        return data


def _content(form: PrintForm, contest: Contest) -> tuple[str, bytes]:
    upload = form.cleaned_data["file"]
    if upload is not None:
        service.check_size(contest, upload.size or 0)  # before reading it
        return upload.name or "", upload.read()
    text: str = form.cleaned_data["text"]
    return form.cleaned_data["file_name"] or "printout.txt", text.encode("utf-8")


def _team(request: HttpRequest) -> Team:
    user = current_user(request)
    assert user is not None and user.team is not None  # team_required
    return user.team


@team_required
def print_page(request: HttpRequest) -> HttpResponse:
    contest = contest_for(request)
    if contest is None:
        return render(request, "team/no_contest.html", status=404)
    team = _team(request)
    posted = request.method == "POST"
    form = PrintForm(request.POST if posted else None, request.FILES if posted else None)
    if posted and form.is_valid():
        try:
            name, content = _content(form, contest)
            printout = service.submit(team=team, contest=contest, file_name=name, content=content)
        except ServiceError as refused:
            form.add_error(None, refused.message)
        else:
            messages.success(request, f"{printout.file_name} was sent to the printer.")
            return redirect("team:print")
    sent = list(Printout.objects.filter(contest=contest, team=team).order_by("-created_at"))
    context = {
        "form": form,
        "contest": contest,
        "printouts": sent,
        "left": max(contest.print_max_per_team - len(sent), 0),
    }
    return render(request, "team/print.html", context, status=400 if form.errors else 200)
