"""Printouts: a file a team sent to be printed, and what the runners did with it."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Printout(models.Model):
    """The text is kept as sent (decoded), so the PDF can be rendered again at any time: the
    contest's size limit keeps it small."""

    contest = models.ForeignKey("contest.Contest", on_delete=models.CASCADE, related_name="+")
    team = models.ForeignKey("accounts.Team", on_delete=models.CASCADE, related_name="printouts")
    file_name = models.CharField(max_length=200)
    language = models.CharField(max_length=60, blank=True, help_text="Pygments' lexer name.")
    text = models.TextField()
    size = models.PositiveIntegerField(help_text="Bytes, as sent.")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    # The last time the admin's print command printed it (runners may print again).
    printed_at = models.DateTimeField(null=True, blank=True)
    printed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    delivered_at = models.DateTimeField(null=True, blank=True)
    delivered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ("created_at", "pk")

    def __str__(self) -> str:
        return f"printout {self.pk} ({self.file_name})"

    @property
    def delivered(self) -> bool:
        return self.delivered_at is not None
