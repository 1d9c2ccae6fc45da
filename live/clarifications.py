"""Clarifications on the live streams: a message as a team or the jury sees it, and what to
publish when one changes (live.publish calls `publish` after the commit).

A question goes to the jury and to the team that asked; a jury message goes to the jury and to
each team it reaches (its own team stream, so every team's versions and snapshots stay whole).
"""

from __future__ import annotations

from typing import Any, Literal

from django.utils import timezone

from judge.models import Clarification
from judge.selectors import clarifications as selectors
from live import streams
from live.events import ClarificationEvent, ClarificationKind, ClarificationView

Audience = Literal["team", "jury"]


def _kind(message: Clarification) -> Literal["question", "answer", "announcement"]:
    if message.is_question:
        return "question"
    return "answer" if message.reply_to_id is not None else "announcement"


def _to_label(message: Clarification) -> str:
    if message.is_question:
        return "Jury"
    if message.to_team is not None:
        return message.to_team.name
    return message.to_category.name if message.to_category is not None else "All teams"


def _question_text(message: Clarification, audience: Audience, team_id: int | None) -> str:
    """The question an answer answers: the jury chose to show it when it answered everyone."""
    question = message.reply_to
    if question is None:
        return ""
    if audience == "jury" or message.is_broadcast or question.from_team_id == team_id:
        return question.text
    return ""


def view(
    message: Clarification, audience: Audience, team_id: int | None = None
) -> ClarificationView:
    """`team_id`: the team it is shown to (a team audience)."""
    question = message.reply_to
    own = question is not None and question.from_team_id == team_id
    return ClarificationView(
        id=message.pk,
        contest=message.contest_id,
        kind=_kind(message),
        from_team=message.from_team_id,
        from_label=message.from_team.name if message.from_team else "Jury",
        to_label=_to_label(message),
        problem=message.problem_id,
        subject=message.subject,
        text=message.text,
        question=_question_text(message, audience, team_id),
        # The spec: a reply_to a team could not see is removed for it.
        reply_to=message.reply_to_id if audience == "jury" or own else None,
        time=message.time.isoformat(),
        time_label=timezone.localtime(message.time).strftime("%H:%M"),
        state=message.state,
        state_label=message.get_state_display(),
        claimed_by=message.claimed_by.username if audience == "jury" and message.claimed_by else "",
        edited=message.edited_at is not None,
        withdrawn=message.withdrawn_at is not None,
    )


def load(clarification_id: int) -> Clarification | None:
    query = selectors.with_relations(Clarification.objects.filter(pk=clarification_id))
    return query.first()


def events(message: Clarification, kind: ClarificationKind) -> list[tuple[str, Any]]:
    """The (stream, event) pairs of one change: the jury's first, then each team's."""
    contest_id = message.contest_id
    question = message.reply_to
    jury = ClarificationEvent(type="clarification", kind=kind, clarification=view(message, "jury"))
    if question is not None:
        jury["question"] = view(question, "jury")
    jury["unanswered"] = selectors.unanswered_count(contest_id)
    out: list[tuple[str, Any]] = [(streams.jury_stream(contest_id), jury)]
    if message.is_question and kind == "claimed":
        return out  # who handles a question is the jury's business
    for team_id in selectors.recipients(message):
        team = ClarificationEvent(
            type="clarification", kind=kind, clarification=view(message, "team", team_id)
        )
        if question is not None and question.from_team_id == team_id:
            team["question"] = view(question, "team", team_id)
        out.append((streams.team_stream(contest_id, team_id), team))
    return out


def publish(clarification_id: int, kind: ClarificationKind) -> None:
    message = load(clarification_id)
    if message is not None:
        streams.publish(events(message, kind))


def team_snapshot(contest: Any, team: Any) -> tuple[list[ClarificationView], list[int]]:
    messages = [view(m, "team", team.pk) for m in selectors.for_team(contest, team)]
    return messages, selectors.unread_ids(contest, team)


def jury_snapshot(contest: Any) -> list[ClarificationView]:
    return [view(m, "jury") for m in selectors.unanswered(contest)]


def notices(contest: Any, team: Any, limit: int = 5) -> tuple[list[ClarificationView], int]:
    """The newest jury messages the team has not read (the layout's notices), and how many
    it has not read in all."""
    ids = selectors.unread_ids(contest, team)
    found = selectors.with_relations(Clarification.objects.filter(pk__in=ids[:limit]))
    return [view(m, "team", team.pk) for m in found.order_by("-time", "-id")], len(ids)
