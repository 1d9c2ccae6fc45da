"""Which board a user sees: the jury's (live), the public one (freeze applied), or none."""

from __future__ import annotations

from typing import Any

from contest.models import Contest
from contest.selectors import in_contest
from scoreboard.presenters import Audience


def audience_for(user: Any, contest: Contest, view: str | None) -> Audience | None:
    """`user` is a signed-in user or None; a judge asking for ?view=public gets the public one."""
    if user is not None and user.is_jury_reader and view != "public":
        return "jury"
    if contest.public_scoreboard:
        return "public"
    # A board kept from the public is shown to signed-in users, but not to another contest's
    # teams (several contests at once: contest.selectors).
    team_id = getattr(user, "team_id", None)
    if user is not None and (team_id is None or in_contest(contest, team_id)):
        return "public"
    return None
