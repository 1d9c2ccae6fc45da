"""A team's entry in a contest (DOMjudge's contest-team link): which teams compete in which
contest, and the group each is ranked in there."""

from __future__ import annotations

from django.db import models

from accounts.models import Category, Team
from contest.models.contest import Contest


class ContestTeam(models.Model):
    """A team is in a contest when the contest is open to every team, or when this row links
    them. The link also carries the team's category in that contest: the same team may be a
    student in one contest and a guest in another."""

    contest = models.ForeignKey(Contest, on_delete=models.CASCADE, related_name="entries")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="entries")
    category = models.ForeignKey(
        Category,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="entries",
        help_text="The team's group in this contest (empty: the team's own).",
    )

    class Meta:
        ordering = ("contest", "team")
        constraints = [
            models.UniqueConstraint(fields=("contest", "team"), name="unique_contest_team")
        ]
        verbose_name = "contest team"

    def __str__(self) -> str:
        return f"{self.team} in {self.contest}"
