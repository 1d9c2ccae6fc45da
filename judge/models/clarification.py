"""Clarifications: messages between teams and the jury, as the CCS API's clarification objects.

One row is one message. A team's question has `from_team` and no recipients; the jury's
messages have no `from_team` and are sent to one team (`to_team`), to one category of teams
(`to_category`) or, with neither, to everyone. An answer is a jury message with `reply_to`
set to the question; an announcement is a jury message that replies to nothing.

A question carries Mooshak's state (unanswered, answered, answered without reply) and the judge
handling it (`claimed_by`). An answer may be edited or withdrawn later; a withdrawn one stays in
the database (and the audit log) but nobody outside the jury sees it any more.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class ClarificationState(models.TextChoices):
    UNANSWERED = "unanswered", "Unanswered"
    ANSWERED = "answered", "Answered"
    NO_REPLY = "no_reply", "Answered without reply"
    # The jury's own messages (answers, announcements) have no state of their own.
    SENT = "sent", "Sent"


class Clarification(models.Model):
    contest = models.ForeignKey(
        "contest.Contest", on_delete=models.CASCADE, related_name="clarifications"
    )
    from_team = models.ForeignKey(
        "accounts.Team", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    to_team = models.ForeignKey(
        "accounts.Team", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    to_category = models.ForeignKey(
        "accounts.Category", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    reply_to = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="replies"
    )
    problem = models.ForeignKey(
        "contest.Problem", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    text = models.TextField()
    time = models.DateTimeField(default=timezone.now, db_index=True)
    sent_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    state = models.CharField(
        max_length=12, choices=ClarificationState.choices, default=ClarificationState.SENT
    )
    claimed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    claimed_at = models.DateTimeField(null=True, blank=True)
    edited_at = models.DateTimeField(null=True, blank=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-time", "-id")
        indexes = [models.Index(fields=("contest", "state"), name="clar_contest_state")]

    def __str__(self) -> str:
        return f"clarification {self.pk}"

    @property
    def is_question(self) -> bool:
        return self.from_team_id is not None

    @property
    def is_broadcast(self) -> bool:
        """A jury message to every team (or to a whole category)."""
        return self.from_team_id is None and self.to_team_id is None

    @property
    def subject(self) -> str:
        return f"{self.problem.letter} · {self.problem.name}" if self.problem else "General"


class ClarificationRead(models.Model):
    """A team has seen this jury message (its notification is no longer shown as unread)."""

    team = models.ForeignKey("accounts.Team", on_delete=models.CASCADE, related_name="+")
    clarification = models.ForeignKey(Clarification, on_delete=models.CASCADE, related_name="reads")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=("team", "clarification"), name="clar_read_once")
        ]

    def __str__(self) -> str:
        return f"{self.team_id} read {self.clarification_id}"


class CannedAnswer(models.Model):
    """A ready answer the jury picks from ("No comment.", "Read the statement.")."""

    title = models.CharField(max_length=100)
    text = models.TextField()
    sort_order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ("sort_order", "title")

    def __str__(self) -> str:
        return self.title
