"""A contest's countdown as the API shows it: a start cleared by an admin (api.models.
CountdownPause) is a null start_time, with the paused countdown's remaining time if given."""

from __future__ import annotations

from datetime import timedelta

from api.models import CountdownPause
from contest.models import Contest


def pause_of(contest: Contest) -> CountdownPause | None:
    """The contest's pause, unless its start was moved since (then the pause is over)."""
    return CountdownPause.objects.filter(contest=contest, held_start=contest.start).first()


def shown_start(contest: Contest) -> tuple[bool, timedelta | None]:
    """(whether the start is defined, the countdown_pause_time)."""
    pause = pause_of(contest)
    return (True, None) if pause is None else (False, pause.remaining)
