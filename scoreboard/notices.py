"""The sentences that tell people where the freeze stands, in the site's time zone.

One place words them, so the public board and the jury's freeze page agree, and a freeze that
has not started yet is never announced as if it had ("frozen since" an hour still to come).
"""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from contest.models import Contest


def when(moment: datetime, now: datetime) -> str:
    """ "22:28 UTC" on the same local day as now, else "2026-12-03 22:28 UTC"."""
    local, today = timezone.localtime(moment), timezone.localtime(now).date()
    shown = local.strftime("%H:%M %Z")
    return shown if local.date() == today else f"{local:%Y-%m-%d} {shown}"


def jury_freeze(contest: Contest, now: datetime | None = None) -> str:
    """Where the public board's freeze stands, for the jury's freeze page."""
    now = now or timezone.now()
    if contest.freeze_start is None:
        return "This contest has no freeze: the public board is live."
    if contest.unfrozen_at is not None:
        lifted = when(contest.unfrozen_at, now)
        return f"The freeze was lifted at {lifted}: the public sees the final results."
    if now < contest.freeze_start:
        return f"The public board will freeze at {when(contest.freeze_start, now)}."
    return f"The public board is frozen since {when(contest.freeze_start, now)}."


def public_freeze(contest: Contest, now: datetime | None = None) -> str:
    """The notice over a frozen public board ("" when it is not frozen now)."""
    now = now or timezone.now()
    if contest.freeze_start is None or not contest.is_frozen(now):
        return ""
    since = when(contest.freeze_start, now)
    return f"The scoreboard is frozen since {since}: results of later submissions are hidden (“?”)."
