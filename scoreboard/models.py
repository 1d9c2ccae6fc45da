"""The scoreboard cache: one row per (contest, team, problem) cell, for the jury and the public.

The cells are derived data. Each change of a submission recomputes its one cell from that cell's
submissions (scoreboard.services.refresh_cell), so a page load ranks at most teams x problems
cached cells instead of reading every submission. BoardState remembers the rules the cells were
computed under: when the contest's rules change, the next reader rebuilds everything.

Balloons (one per team and solved problem, with their delivery) live here too: like the cells
they follow the verdicts as the jury's board counts them.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class BoardState(models.Model):
    contest = models.OneToOneField(
        "contest.Contest", primary_key=True, on_delete=models.CASCADE, related_name="+"
    )
    rules_key = models.CharField(max_length=300, blank=True)
    built_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"scoreboard of contest {self.contest_id}"


class ScoreCell(models.Model):
    contest = models.ForeignKey("contest.Contest", on_delete=models.CASCADE, related_name="+")
    team = models.ForeignKey("accounts.Team", on_delete=models.CASCADE, related_name="+")
    problem = models.ForeignKey("contest.Problem", on_delete=models.CASCADE, related_name="+")
    # The jury's live cell.
    tries = models.PositiveIntegerField(default=0)
    pending = models.PositiveIntegerField(default=0)
    solved = models.BooleanField(default=False)
    minute = models.PositiveIntegerField(null=True, blank=True)
    time_ms = models.BigIntegerField(null=True, blank=True)
    penalty = models.PositiveIntegerField(default=0)
    # The public cell: the freeze applied.
    p_tries = models.PositiveIntegerField(default=0)
    p_pending = models.PositiveIntegerField(default=0)
    p_solved = models.BooleanField(default=False)
    p_minute = models.PositiveIntegerField(null=True, blank=True)
    p_time_ms = models.BigIntegerField(null=True, blank=True)
    p_penalty = models.PositiveIntegerField(default=0)
    # Some submission of this cell is hidden from the public (frozen, not yet revealed).
    hidden = models.BooleanField(default=False)
    # The score board's cell (scoreboard.ioi), for scoring problems of a contest that shows
    # one: the jury's (s_*) and the public's (ps_*), and the most the cell's reports say a
    # submission could score (the problem's max is the most of these).
    s_score = models.FloatField(default=0)
    s_tries = models.PositiveIntegerField(default=0)
    s_pending = models.PositiveIntegerField(default=0)
    s_time_ms = models.BigIntegerField(null=True, blank=True)
    ps_score = models.FloatField(default=0)
    ps_tries = models.PositiveIntegerField(default=0)
    ps_pending = models.PositiveIntegerField(default=0)
    ps_time_ms = models.BigIntegerField(null=True, blank=True)
    s_max = models.FloatField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=("contest", "team", "problem"), name="unique_score_cell")
        ]
        # First-to-solve: the earliest accepting time per problem, read from the index alone.
        indexes = [
            models.Index(fields=("contest", "problem", "solved", "time_ms"), name="cell_first"),
            models.Index(
                fields=("contest", "problem", "p_solved", "p_time_ms"), name="cell_first_public"
            ),
        ]

    def __str__(self) -> str:
        return f"cell {self.team_id}/{self.problem_id} of contest {self.contest_id}"


class Reveal(models.Model):
    """A resolver step: the public sees this cell's (or, with no team, this problem's) frozen
    submissions. Lifting the whole freeze sets Contest.unfrozen_at instead."""

    contest = models.ForeignKey("contest.Contest", on_delete=models.CASCADE, related_name="+")
    problem = models.ForeignKey("contest.Problem", on_delete=models.CASCADE, related_name="+")
    team = models.ForeignKey(
        "accounts.Team", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    revealed_at = models.DateTimeField(auto_now_add=True)
    revealed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ("revealed_at", "id")

    def __str__(self) -> str:
        who = f"team {self.team_id}" if self.team_id else "all teams"
        return f"reveal problem {self.problem_id} for {who}"


class Balloon(models.Model):
    """Balloons: one per team and problem it solved, for the runners to bring (docs/web.md,
    "Balloons").

    A balloon is earned by the team's first submission of the problem whose verdict in force counts
    as accepted on the jury's board (pending ones too when the contest counts pending verdicts) —
    `scoreboard.balloons.refresh` keeps the rows in step with the verdicts. A balloon not yet
    delivered disappears when the verdict is taken away; a delivered one stays (it is in the room),
    pointing at the submission that earned it.
    """

    contest = models.ForeignKey("contest.Contest", on_delete=models.CASCADE, related_name="+")
    team = models.ForeignKey("accounts.Team", on_delete=models.CASCADE, related_name="balloons")
    problem = models.ForeignKey("contest.Problem", on_delete=models.CASCADE, related_name="+")
    # The submission that earned it (and its report in force when it did).
    submission = models.ForeignKey(
        "judge.Submission", on_delete=models.CASCADE, related_name="balloons"
    )
    judgement = models.ForeignKey(
        "judge.Judgement", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    delivered_at = models.DateTimeField(null=True, blank=True)
    delivered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ("id",)  # the list orders by the earning submission's time (live.balloons)
        constraints = [
            models.UniqueConstraint(fields=("team", "problem"), name="one_balloon_per_problem")
        ]

    def __str__(self) -> str:
        return f"balloon {self.problem_id} for team {self.team_id}"

    @property
    def delivered(self) -> bool:
        return self.delivered_at is not None
