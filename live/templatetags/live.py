"""{% live_stream "team" %}: marks a page for live updates and loads live.js.

With ``version=<n>`` the page vouches that its data is at least as new as version n of the
stream (the view read the version *before* it read the data), and the client asks only for
what came after. Without it the client starts from a snapshot: always correct, since a view
may well read its data before the template runs.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString

from live import streams
from scoreboard.audience import audience_for

register = template.Library()


def stream_for(kind: str, contest: Any, user: Any, view: str = "") -> str | None:
    """The stream a user listens to on a page of this kind (None: no live updates)."""
    if contest is None:
        return None
    user = user if user is not None and user.is_authenticated else None
    if kind == "team":
        return streams.team_stream(contest.pk, user.team_id) if user and user.team_id else None
    if kind == "jury":
        return streams.jury_stream(contest.pk) if user and user.is_jury_reader else None
    if kind == "balloons":
        return streams.balloons_stream(contest.pk) if user and user.is_jury_reader else None
    if kind == "prints":
        return streams.prints_stream(contest.pk) if user and user.is_jury_reader else None
    audience = audience_for(user, contest, view)
    if audience is None:
        return None
    if kind == "scores":
        return streams.score_stream(contest.pk, audience)
    return streams.board_stream(contest.pk, audience)


@register.simple_tag(takes_context=True)
def live_stream(
    context: Any, kind: str, contest: Any = None, view: str = "", version: int | None = None
) -> SafeString:
    contest = contest or context.get("contest")
    request = context.get("request")
    if stream_for(kind, contest, getattr(request, "user", None), view) is None:
        return SafeString("")
    return format_html(
        '<span hidden data-live-stream data-live-kind="{}" data-live-contest="{}" '
        'data-live-view="{}" data-live-version="{}"></span>'
        '<script src="{}" defer></script>',
        kind,
        contest.pk,
        view,
        "" if version is None else version,
        static("live.js"),
    )
