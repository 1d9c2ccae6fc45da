"""The event feed's log (docs/api.md, "Event feed"): one row per change of an API object, as one
audience sees it. Append-only: a row's id is the feed's token, so tokens survive restarts and
their order is the order the changes were recorded (api/feed/record.py serialises writers)."""

from __future__ import annotations

from django.db import models

from contest.models import Contest


class Audience(models.TextChoices):
    JURY = "jury", "jury"
    PUBLIC = "public", "public"
    TEAM = "team", "one team"


class FeedEvent(models.Model):
    id = models.BigAutoField(primary_key=True)
    contest = models.ForeignKey(Contest, on_delete=models.CASCADE, related_name="feed_events")
    # The spec's notification type: the endpoint's name ("submissions", "state", ...).
    type = models.CharField(max_length=20)
    # "" for the singletons (contest state), whose notifications have a null id.
    object_id = models.CharField(max_length=64, blank=True)
    # The object as that audience's REST endpoint showed it, extensions included; null: deleted.
    data = models.JSONField(null=True)
    audience = models.CharField(max_length=6, choices=Audience.choices)
    # For Audience.TEAM only; no foreign key, so that deleting a team keeps the log.
    team_id = models.PositiveIntegerField(null=True)
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [
            models.Index(
                fields=["contest", "audience", "team_id", "type", "object_id", "-id"],
                name="feed_latest",
            ),
            models.Index(fields=["contest", "id"], name="feed_order"),
        ]

    def __str__(self) -> str:
        return f"{self.pk} {self.type} {self.object_id} ({self.audience})"


class CountdownPause(models.Model):
    """A contest whose start an admin cleared through the API (PATCH start_time: null, the
    spec's contest_start capability): its start is undefined until set again. The contest's
    times are moved a long way ahead meanwhile (api/writes/contest.py), so every rule that
    reads Contest.start keeps the contest from starting; the API shows start_time null and,
    when the admin gave one, the countdown's remaining time."""

    contest = models.OneToOneField(Contest, on_delete=models.CASCADE, related_name="+")
    # The spec's countdown_pause_time: the time the countdown showed when it was paused.
    remaining = models.DurationField(null=True)
    # Where the start was put while held: a start moved since (the jury's settings page)
    # ends the pause, so a stale row never hides a start or lets a started contest move.
    held_start = models.DateTimeField()
    paused_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"countdown of {self.contest_id} paused"
