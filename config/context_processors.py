from __future__ import annotations

from typing import Any

from django.http import HttpRequest


def current_contest(request: HttpRequest) -> dict[str, Any]:
    """The request's contest, and the others its user may switch to (the header's switcher
    shows when there is a choice)."""
    from contest.selectors import contest_for, switchable

    contest = contest_for(request)
    user = getattr(request, "user", None)
    choices = list(switchable(user)) if user is not None and user.is_authenticated else []
    return {"contest": contest, "contest_choices": choices if len(choices) > 1 else []}


def clarification_notices(request: HttpRequest) -> dict[str, Any]:
    """A team member's unread jury messages, shown by the layout on every page (a team that
    was away sees them when it comes back; live.js adds the ones that arrive)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated or user.team_id is None:
        return {}
    from contest.selectors import contest_for
    from live.clarifications import notices

    contest = contest_for(request)
    if contest is None:
        return {}
    shown, unread = notices(contest, user.team)
    return {"clar_notices": shown, "clar_unread": unread}
