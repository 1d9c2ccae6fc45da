from __future__ import annotations

from typing import Any

from django.http import HttpRequest


def current_contest(request: HttpRequest) -> dict[str, Any]:
    from contest.selectors import current_contest as select

    return {"contest": select()}


def clarification_notices(request: HttpRequest) -> dict[str, Any]:
    """A team member's unread jury messages, shown by the layout on every page (a team that
    was away sees them when it comes back; live.js adds the ones that arrive)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated or user.team_id is None:
        return {}
    from contest.selectors import current_contest as select
    from live.clarifications import notices

    contest = select()
    if contest is None:
        return {}
    shown, unread = notices(contest, user.team)
    return {"clar_notices": shown, "clar_unread": unread}
