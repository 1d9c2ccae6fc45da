"""Reading the feed as one client may: which rows, and a row as an NDJSON line."""

from __future__ import annotations

import json
from dataclasses import dataclass

from django.db.models import Q

from accounts.models import User
from api import extensions, visibility
from api.feed.collect import SINGLETONS, TEAM_TYPES, TYPES
from api.http import ApiError
from api.models import Audience, FeedEvent

BATCH = 500  # rows per query: a reader far behind catches up in steps


@dataclass(frozen=True)
class Reader:
    """Who reads (their audience's rows) and what they asked for."""

    contest_id: int
    audience: str
    team_id: int | None
    types: tuple[str, ...]
    strict: bool

    def sees(self, event: FeedEvent) -> bool:
        """rows(), in memory (api/feed/tail.py)."""
        if event.type not in self.types:
            return False
        if self.audience == Audience.TEAM:
            if event.audience == Audience.TEAM:
                return event.team_id == self.team_id
            return event.audience == Audience.PUBLIC and event.type not in TEAM_TYPES
        return event.audience == self.audience

    def rows(self) -> Q:
        if self.audience == Audience.TEAM:
            # Their own view of submissions, judgements, runs and clarifications; the public's
            # of everything else.
            seen = Q(audience=Audience.TEAM, team_id=self.team_id) | (
                Q(audience=Audience.PUBLIC) & ~Q(type__in=TEAM_TYPES)
            )
        else:
            seen = Q(audience=self.audience)
        return Q(contest_id=self.contest_id) & seen & Q(type__in=self.types)


def reader_for(user: User | None, contest_id: int, types: str | None, strict: bool) -> Reader:
    if visibility.is_jury(user):
        audience, team_id = Audience.JURY, None
    elif user is not None and user.team_id is not None:
        audience, team_id = Audience.TEAM, user.team_id
    else:
        audience, team_id = Audience.PUBLIC, None
    return Reader(contest_id, audience, team_id, _types(types), strict)


def _types(raw: str | None) -> tuple[str, ...]:
    if raw is None or raw == "":
        return TYPES
    asked = tuple(t.strip() for t in raw.split(","))
    unknown = [t for t in asked if t not in TYPES]
    if unknown:
        raise ApiError(400, f"unknown event types: {', '.join(unknown)}")
    return asked


def start_after(reader: Reader, token: str | None) -> int:
    """The id to read after: 0 without a token; a token this client was never given is a 400
    (the spec: the client then starts again without one)."""
    if token is None:
        return 0
    if not (token.isascii() and token.isdigit() and len(token) < 19):
        raise ApiError(400, f"invalid since_token {token!r}")
    if not FeedEvent.objects.filter(reader.rows(), pk=int(token)).exists():
        raise ApiError(400, f"unknown since_token {token!r}")
    return int(token)


def after(reader: Reader, last: int) -> list[FeedEvent]:
    return list(
        FeedEvent.objects.filter(reader.rows(), pk__gt=last)
        .only("id", "type", "object_id", "data")
        .order_by("id")[:BATCH]
    )


def line(reader: Reader, event: FeedEvent) -> str:
    data = event.data
    if reader.strict and data is not None:
        data = extensions.without_extensions(data)
    notification = {
        "type": event.type,
        "id": None if event.type in SINGLETONS else event.object_id,
        "data": data,
        "token": str(event.pk),
    }
    return json.dumps(notification, ensure_ascii=False, separators=(",", ":")) + "\n"
