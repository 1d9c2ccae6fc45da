"""Clarification objects (JSON_Format.md, "Clarification"): the recipients as `to_team_ids` and
`to_group_ids`, null when sent to everyone or when a team sent it."""

from __future__ import annotations

from accounts.models import User
from api.formats import abstime, reltime
from api.http import JSON
from contest.models import Contest
from judge.models import Clarification

CLARIFICATION_PROPERTIES: dict[str, tuple[str, ...]] = {
    "clarifications": (
        "id",
        "from_team_id",
        "to_team_ids",
        "to_group_ids",
        "reply_to_id",
        "problem_id",
        "text",
        "time",
        "contest_time",
    ),
}


def _id(pk: int | None) -> str | None:
    return None if pk is None else str(pk)


def _reply_to(message: Clarification, user: User | None) -> str | None:
    """The spec: a reply_to_id is removed for everyone who could not see the question."""
    question = message.reply_to
    if question is None:
        return None
    jury = user is not None and user.is_jury_reader
    asked = user is not None and user.team_id is not None and user.team_id == question.from_team_id
    return str(question.pk) if jury or asked else None


def clarification_json(message: Clarification, contest: Contest, user: User | None) -> JSON:
    return {
        "id": str(message.pk),
        "from_team_id": _id(message.from_team_id),
        "to_team_ids": [str(message.to_team_id)] if message.to_team_id else None,
        "to_group_ids": [str(message.to_category_id)] if message.to_category_id else None,
        "reply_to_id": _reply_to(message, user),
        "problem_id": _id(message.problem_id),
        "text": message.text,
        "time": abstime(message.time),
        "contest_time": reltime(message.time - contest.start),
    }
