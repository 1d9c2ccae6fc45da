"""WebSocket consumers: they check who may listen, join the stream's group, and forward.

The protocol (see docs/live.md): the client connects with ``?since=<version>`` (the version the
page was rendered at, or the last event it applied) and optionally ``?contest=<id>``; it gets a
``hello`` when it missed nothing, else a ``snapshot``; then every event of the stream. When it
sees a version gap it sends ``{"type": "resync", "version": <last>}`` and gets a snapshot.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from contest.models import Contest
from live import snapshots, streams
from scoreboard.audience import audience_for

FORBIDDEN = 4403  # close code: not allowed on this stream (the handshake is refused)
Target = tuple[str, Callable[[], Any]]  # stream, snapshot builder


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


class StreamConsumer(AsyncJsonWebsocketConsumer, ABC):  # type: ignore[misc]
    stream = ""
    build: Callable[[], Any] | None = None

    async def connect(self) -> None:
        target = await database_sync_to_async(self._authorize)()
        if target is None:
            await self.close(code=FORBIDDEN)
            return
        self.stream, self.build = target
        await self.channel_layer.group_add(self.stream, self.channel_name)
        await self.accept()
        await self._send_state(_int(self._query("since")))

    async def disconnect(self, code: int) -> None:
        if self.stream:
            await self.channel_layer.group_discard(self.stream, self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "resync":
            await self._send_state(_int(content.get("version")))

    async def live_event(self, message: dict[str, Any]) -> None:
        await self.send_json(message["event"])

    async def _send_state(self, since: int | None) -> None:
        event = await database_sync_to_async(snapshots.sync)(self.stream, since, self.build)
        await self.send_json(event)

    def _query(self, name: str) -> str | None:
        values = parse_qs(self.scope.get("query_string", b"").decode()).get(name)
        return values[0] if values else None

    def _user(self) -> Any:
        user = self.scope.get("user")
        return user if user is not None and user.is_authenticated else None

    def _contest(self) -> Contest | None:
        """The contest named by ?contest=, else the user's (contest.selectors.contest_for):
        a team member follows only its team's contests."""
        from contest.selectors import contest_for_user, contests_of

        user, wanted = self._user(), _int(self._query("contest"))
        if wanted is None:
            return contest_for_user(user, self.scope.get("session"))
        team_id = getattr(user, "team_id", None)
        choices = Contest.objects.all() if team_id is None else contests_of(team_id)
        return choices.filter(pk=wanted).first()

    @abstractmethod
    def _authorize(self) -> Target | None:
        """The stream this user may follow and how to snapshot it, or None to refuse."""


class TeamConsumer(StreamConsumer):
    """/ws/team/: the signed-in team's own submissions, its questions and the jury's messages
    that reach it (answers, announcements)."""

    def _authorize(self) -> Target | None:
        user, contest = self._user(), self._contest()
        if user is None or user.team_id is None or contest is None:
            return None
        team_id = user.team_id
        return streams.team_stream(contest.pk, team_id), lambda: snapshots.team(contest, team_id)


class JuryConsumer(StreamConsumer):
    """/ws/jury/: judges and runners: every submission, its progress, counts, rejudges."""

    def _authorize(self) -> Target | None:
        user, contest = self._user(), self._contest()
        if user is None or not user.is_jury_reader or contest is None:
            return None
        return streams.jury_stream(contest.pk), lambda: snapshots.jury(contest)


class BalloonsConsumer(StreamConsumer):
    """/ws/balloons/: runners, judges and admins: the balloons earned and delivered."""

    def _authorize(self) -> Target | None:
        user, contest = self._user(), self._contest()
        if user is None or not user.is_jury_reader or contest is None:
            return None
        return streams.balloons_stream(contest.pk), lambda: snapshots.balloons_list(contest)


class PrintsConsumer(StreamConsumer):
    """/ws/prints/: runners, judges and admins: the printouts sent, printed and delivered."""

    def _authorize(self) -> Target | None:
        user, contest = self._user(), self._contest()
        if user is None or not user.is_jury_reader or contest is None:
            return None
        return streams.prints_stream(contest.pk), lambda: snapshots.prints_list(contest)


class ScoreboardConsumer(StreamConsumer):
    """/ws/scoreboard/: the live board for the jury (unless ?view=public), else the board with
    the freeze applied, for anyone when the contest's scoreboard is public."""

    def _authorize(self) -> Target | None:
        user, contest = self._user(), self._contest()
        if contest is None:
            return None
        audience = audience_for(user, contest, self._query("view"))
        if audience is None:
            return None
        return streams.board_stream(contest.pk, audience), lambda: snapshots.board(
            contest, audience
        )


class ScoresConsumer(StreamConsumer):
    """/ws/scores/: the score board (IOI style) of a contest that shows one; the same audiences
    as /ws/scoreboard/."""

    def _authorize(self) -> Target | None:
        from scoreboard import score_board

        user, contest = self._user(), self._contest()
        if contest is None or not score_board.shown(contest):
            return None
        audience = audience_for(user, contest, self._query("view"))
        if audience is None:
            return None
        return streams.score_stream(contest.pk, audience), lambda: snapshots.scores(
            contest, audience
        )
