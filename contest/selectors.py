"""Read-only queries shared by views."""

from __future__ import annotations

from django.utils import timezone

from contest.models import Contest


def current_contest() -> Contest | None:
    """The running contest, else the next one, else the latest that ended."""
    now = timezone.now()
    running = Contest.objects.filter(start__lte=now, end__gt=now).order_by("start").first()
    if running:
        return running
    upcoming = Contest.objects.filter(start__gt=now).order_by("start").first()
    return upcoming or Contest.objects.order_by("-end").first()
