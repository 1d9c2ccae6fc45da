"""Printouts for runners (and the jury): the live queue of files the teams sent, each one's PDF,
printing it with the admin's command, and marking it delivered (or undoing that)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from accounts.models import User
from accounts.permissions import jury_reader_required
from judge.models import Printout
from judge.services import printouts as service
from jury.views.common import attempt, jury_contest
from live import printouts as live_printouts
from live import streams


def _user(request: HttpRequest) -> User:
    user = request.user
    assert isinstance(user, User)  # jury_reader_required
    return user


def _version(contest_id: int) -> int | None:
    """The stream's version before the data is read; None when Redis cannot say (the page
    then starts from a snapshot)."""
    try:
        return streams.version(streams.prints_stream(contest_id))
    except Exception:  # Redis down: the queue still renders, without live updates
        return None


@jury_reader_required
def index(request: HttpRequest) -> HttpResponse:
    contest = jury_contest(request)
    version = _version(contest.pk)
    context = {
        "contest": contest,
        "live_version": version,
        "printouts": live_printouts.views(contest),
        "print_command": contest.print_command.strip(),
    }
    return render(request, "jury/prints.html", context)


@jury_reader_required
def pdf(request: HttpRequest, pk: int) -> HttpResponse:
    printout = get_object_or_404(Printout.objects.select_related("team"), pk=pk)
    response = HttpResponse(service.pdf(printout), content_type="application/pdf")
    name = f"printout-{printout.pk}-{printout.team.name}.pdf"
    safe = "".join(c if c.isascii() and (c.isalnum() or c in "-_.") else "_" for c in name)
    response["Content-Disposition"] = f'attachment; filename="{safe}"'
    return response


def _back(printout_id: int) -> HttpResponse:
    found = Printout.objects.filter(pk=printout_id).values_list("contest_id", flat=True).first()
    return redirect(reverse("jury:prints") + (f"?contest={found}" if found else ""))


@require_POST
@jury_reader_required
def send(request: HttpRequest, pk: int) -> HttpResponse:
    user = _user(request)
    attempt(request, lambda: service.send_to_printer(printout_id=pk, user=user), "Printed.")
    return _back(pk)


@require_POST
@jury_reader_required
def deliver(request: HttpRequest, pk: int) -> HttpResponse:
    user = _user(request)
    attempt(request, lambda: service.deliver(printout_id=pk, user=user), "Printout delivered.")
    return _back(pk)


@require_POST
@jury_reader_required
def undeliver(request: HttpRequest, pk: int) -> HttpResponse:
    user = _user(request)
    attempt(request, lambda: service.undeliver(printout_id=pk, user=user), "Delivery undone.")
    return _back(pk)
