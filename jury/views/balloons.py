"""Balloons for runners (and the jury): the live list of balloons to bring, in contest order,
and marking one delivered (or undoing that)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from accounts.models import User
from accounts.permissions import jury_reader_required
from jury.views.common import attempt, jury_contest
from live import balloons as live_balloons
from live import streams
from scoreboard import balloons as service
from scoreboard.models import Balloon


def _user(request: HttpRequest) -> User:
    user = request.user
    assert isinstance(user, User)  # jury_reader_required
    return user


def _version(contest_id: int) -> int | None:
    """The stream's version before the data is read (see live_stream); None when Redis cannot
    say: the page starts from a snapshot."""
    try:
        return streams.version(streams.balloons_stream(contest_id))
    except Exception:  # Redis down: the list still renders, without live updates
        return None


@jury_reader_required
def index(request: HttpRequest) -> HttpResponse:
    contest = jury_contest(request)
    # Catch up with anything a lost after-commit callback or a changed setting left behind.
    service.refresh_contest(contest)
    version = _version(contest.pk)
    undelivered = request.GET.get("show") == "undelivered"
    context = {
        "contest": contest,
        "live_version": version,
        "balloons": live_balloons.page_rows(contest, undelivered_only=undelivered),
        "undelivered": undelivered,
        "frozen_rule": contest.freeze_start is not None and not contest.balloons_during_freeze,
    }
    return render(request, "jury/balloons.html", context)


def _back(balloon_id: int, request: HttpRequest) -> HttpResponse:
    found = Balloon.objects.filter(pk=balloon_id).values_list("contest_id", flat=True).first()
    query = f"?contest={found}" if found else ""
    if request.POST.get("show") == "undelivered":
        query += ("&" if query else "?") + "show=undelivered"
    return redirect(reverse("jury:balloons") + query)


@require_POST
@jury_reader_required
def deliver(request: HttpRequest, pk: int) -> HttpResponse:
    user = _user(request)
    attempt(request, lambda: service.deliver(balloon_id=pk, user=user), "Balloon delivered.")
    return _back(pk, request)


@require_POST
@jury_reader_required
def undeliver(request: HttpRequest, pk: int) -> HttpResponse:
    user = _user(request)
    attempt(request, lambda: service.undeliver(balloon_id=pk, user=user), "Delivery undone.")
    return _back(pk, request)
