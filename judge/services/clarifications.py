"""Clarifications: a team asks, the jury claims, answers (the team or everyone), settles without
reply, edits or withdraws an answer, and announces.

Each change runs in one transaction, records its audit entry when the jury acts, announces the
change live after the commit (live.events.clarification_changed) and refuses with a
ServiceError carrying a code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone

from contest.selectors import in_contest
from judge.errors import ServiceError
from judge.models import AuditAction, Clarification, ClarificationRead, ClarificationState
from judge.services import audit
from live import events as live_events

if TYPE_CHECKING:
    from accounts.models import Category, Team, User
    from contest.models import Contest, Problem

MAX_TEXT = 4000  # characters: a question or an answer is a message, not a document


def _clean_text(text: str) -> str:
    text = text.strip()
    if not text:
        raise ServiceError("empty_text", "The message is empty.")
    if len(text) > MAX_TEXT:
        raise ServiceError("text_too_long", f"The message is longer than {MAX_TEXT} characters.")
    if "\x00" in text:
        raise ServiceError("bad_text", "The message contains a NUL character.")
    return text


def _check_problem(contest: Contest, problem: Problem | None) -> None:
    if problem is not None and problem.contest_id != contest.pk:
        raise ServiceError("bad_problem", "That problem is not in this contest.")


def ask(
    *, user: User, contest: Contest, text: str, problem: Problem | None = None
) -> Clarification:
    """A team's question, about one problem or in general."""
    if user.team_id is None:
        raise ServiceError("no_team", "Only a team can ask the jury.")
    if not in_contest(contest, user.team_id):
        raise ServiceError("not_in_contest", "Your team is not in this contest.")
    if not contest.clarifications_open:
        raise ServiceError("questions_closed", "This contest takes no questions.")
    if not contest.accepts_questions():
        raise ServiceError("questions_closed", "Questions are not taken now.")
    _check_problem(contest, problem)
    with transaction.atomic():
        question = Clarification.objects.create(
            contest=contest,
            from_team_id=user.team_id,
            problem=problem,
            text=_clean_text(text),
            sent_by=user,
            state=ClarificationState.UNANSWERED,
        )
        live_events.clarification_changed(question.pk, "asked")
    return question


def _question(clarification: Clarification) -> Clarification:
    if not clarification.is_question:
        raise ServiceError("not_a_question", "Only a team's question can be claimed or answered.")
    return Clarification.objects.select_for_update().get(pk=clarification.pk)


def claim(*, question: Clarification, judge: User) -> Clarification:
    """Take a question in hand, so other judges see who handles it. Refused when another judge
    holds it (the conditional update: two judges claiming at once, one wins)."""
    if not question.is_question:
        raise ServiceError("not_a_question", "Only a team's question can be claimed or answered.")
    with transaction.atomic():
        taken = Clarification.objects.filter(pk=question.pk, claimed_by=None).update(
            claimed_by=judge, claimed_at=timezone.now()
        )
        if taken:
            live_events.clarification_changed(question.pk, "claimed")
    question.refresh_from_db()
    if not taken and question.claimed_by_id != judge.pk:
        holder = question.claimed_by.username if question.claimed_by else "another judge"
        raise ServiceError("already_claimed", f"{holder} is handling this question.")
    return question


def release(*, question: Clarification, judge: User) -> Clarification:
    """Let go of a claimed question (one's own, or any for an admin)."""
    with transaction.atomic():
        locked = _question(question)
        if locked.claimed_by_id is None:
            return locked
        if locked.claimed_by_id != judge.pk and not judge.is_admin:
            raise ServiceError("claimed_by_other", "Another judge is handling this question.")
        locked.claimed_by, locked.claimed_at = None, None
        locked.save(update_fields=["claimed_by", "claimed_at"])
        live_events.clarification_changed(locked.pk, "claimed")
    return locked


def answer(*, question: Clarification, judge: User, text: str, to_all: bool) -> Clarification:
    """Answer the team that asked, or every team (the question's text is shown with it)."""
    with transaction.atomic():
        locked = _question(question)
        reply = Clarification.objects.create(
            contest_id=locked.contest_id,
            to_team_id=None if to_all else locked.from_team_id,
            reply_to=locked,
            problem_id=locked.problem_id,
            text=_clean_text(text),
            sent_by=judge,
        )
        before = {"state": locked.state}
        locked.state = ClarificationState.ANSWERED
        if locked.claimed_by_id is None:
            locked.claimed_by, locked.claimed_at = judge, timezone.now()
        locked.save(update_fields=["state", "claimed_by", "claimed_at"])
        audit.record(
            user=judge,
            action=AuditAction.CLAR_ANSWER,
            contest=locked.contest,
            target=f"clarification {locked.pk}",
            before=before,
            after={"state": locked.state, "answer": reply.pk, "to_all": to_all, "text": reply.text},
        )
        live_events.clarification_changed(reply.pk, "answered")
    return reply


def close_without_reply(
    *, question: Clarification, judge: User, comment: str = ""
) -> Clarification:
    """Mooshak's "answered without reply": settled, the team gets no message."""
    with transaction.atomic():
        locked = _question(question)
        if locked.state != ClarificationState.UNANSWERED:
            raise ServiceError("not_unanswered", "Only an unanswered question can be closed.")
        locked.state = ClarificationState.NO_REPLY
        locked.save(update_fields=["state"])
        audit.record(
            user=judge,
            action=AuditAction.CLAR_NO_REPLY,
            contest=locked.contest,
            target=f"clarification {locked.pk}",
            comment=comment,
            before={"state": ClarificationState.UNANSWERED},
            after={"state": locked.state},
        )
        live_events.clarification_changed(locked.pk, "no_reply")
    return locked


def _jury_message(message: Clarification) -> Clarification:
    if message.is_question:
        raise ServiceError("not_a_jury_message", "Only the jury's messages can be changed.")
    locked = Clarification.objects.select_for_update().get(pk=message.pk)
    if locked.withdrawn_at is not None:
        raise ServiceError("withdrawn", "This message was withdrawn.")
    return locked


def edit(*, message: Clarification, judge: User, text: str) -> Clarification:
    """Change an answer's or announcement's text; teams that read it see it as new again."""
    with transaction.atomic():
        locked = _jury_message(message)
        new_text = _clean_text(text)
        if new_text == locked.text:
            return locked
        before = {"text": locked.text}
        locked.text, locked.edited_at = new_text, timezone.now()
        locked.save(update_fields=["text", "edited_at"])
        ClarificationRead.objects.filter(clarification=locked).delete()
        audit.record(
            user=judge,
            action=AuditAction.CLAR_EDIT,
            contest=locked.contest,
            target=f"clarification {locked.pk}",
            before=before,
            after={"text": new_text},
        )
        live_events.clarification_changed(locked.pk, "edited")
    return locked


def withdraw(*, message: Clarification, judge: User, comment: str = "") -> Clarification:
    """Take back an answer or announcement. A question left with no answer is unanswered again."""
    with transaction.atomic():
        locked = _jury_message(message)
        locked.withdrawn_at = timezone.now()
        locked.save(update_fields=["withdrawn_at"])
        after: dict[str, object] = {"withdrawn": True}
        if locked.reply_to_id is not None:
            after["question_state"] = _reopen_if_unanswered(locked.reply_to_id)
        audit.record(
            user=judge,
            action=AuditAction.CLAR_WITHDRAW,
            contest=locked.contest,
            target=f"clarification {locked.pk}",
            comment=comment,
            before={"withdrawn": False, "text": locked.text},
            after=after,
        )
        live_events.clarification_changed(locked.pk, "withdrawn")
    return locked


def _reopen_if_unanswered(question_id: int) -> str:
    question = Clarification.objects.select_for_update().get(pk=question_id)
    if not question.replies.filter(withdrawn_at=None).exists():
        question.state = ClarificationState.UNANSWERED
        question.save(update_fields=["state"])
    return question.state


def announce(
    *,
    judge: User,
    contest: Contest,
    text: str,
    problem: Problem | None = None,
    category: Category | None = None,
    team: Team | None = None,
) -> Clarification:
    """A jury message to everyone, to one category, or to one team, at any time."""
    _check_problem(contest, problem)
    if category is not None and team is not None:
        raise ServiceError("bad_recipients", "Send to one team or to one category, not both.")
    if team is not None and not in_contest(contest, team.pk):
        raise ServiceError("not_in_contest", f"{team.name} is not in this contest.")
    with transaction.atomic():
        message = Clarification.objects.create(
            contest=contest,
            to_team=team,
            to_category=category,
            problem=problem,
            text=_clean_text(text),
            sent_by=judge,
        )
        audit.record(
            user=judge,
            action=AuditAction.ANNOUNCE,
            contest=contest,
            target=f"clarification {message.pk}",
            after={
                "text": message.text,
                "team": team.pk if team else None,
                "category": category.pk if category else None,
            },
        )
        live_events.clarification_changed(message.pk, "announced")
    return message


def mark_read(*, team: Team, messages: list[Clarification]) -> int:
    """Record that the team has seen these jury messages; returns how many were new."""
    rows = [ClarificationRead(team=team, clarification=m) for m in messages if not m.is_question]
    before = ClarificationRead.objects.filter(team=team).count()
    ClarificationRead.objects.bulk_create(rows, ignore_conflicts=True)
    return ClarificationRead.objects.filter(team=team).count() - before
