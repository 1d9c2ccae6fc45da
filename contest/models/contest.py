"""A contest: its times and Mooshak's submission settings."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone

from contest.models.style import STYLE_HELP, StyleRules


class Scoring(models.TextChoices):
    ICPC = "icpc", "ICPC"


class ScoreBoard(models.TextChoices):
    """Whether the contest shows an IOI-style board of its scoring problems beside the ICPC one,
    and how a team's submissions make a problem's points (docs/scoreboard.md)."""

    NONE = "", "None (the ICPC board only)"
    BEST_PROBLEM = "best-problem", "Best score per problem"
    BEST_GROUPS = "best-groups", "Best score per test group, across submissions"


class TeamFeedback(models.TextChoices):
    """How much of a judged submission its team sees, as Mooshak's feedback levels: the verdict
    alone for ICPC contests, test by test for courses. Never outputs or answers."""

    NONE = "none", "Nothing (only that it was received)"
    VERDICT = "verdict", "The verdict only (ICPC)"
    SAMPLES = "samples", "The verdict, and the sample tests one by one"
    ALL = "all", "The verdict, and every test one by one (courses)"


class Submitters(models.TextChoices):
    """Who may submit while the contest runs (judge.services.submit checks it)."""

    ALL = "all", "Every team"
    CATEGORIES = "categories", "Only teams of the chosen categories"
    NOBODY = "nobody", "Nobody (submissions closed)"


class Phase(models.TextChoices):
    BEFORE = "before", "Not started"
    RUNNING = "running", "Running"
    FROZEN = "frozen", "Running (scoreboard frozen)"
    OVER = "over", "Over"


class Contest(models.Model):
    name = models.CharField(max_length=200)
    short_name = models.SlugField(max_length=50, unique=True)
    start = models.DateTimeField()
    end = models.DateTimeField()
    freeze_start = models.DateTimeField(null=True, blank=True)
    # Set when the jury publishes the final results (freeze lifted).
    unfrozen_at = models.DateTimeField(null=True, blank=True)
    # A scheduled unfreeze: the reaper's loop thaws the board at that time
    # (scoreboard.freeze.thaw_due), as the jury's unfreeze button would.
    unfreeze_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="The public board is unfrozen by itself at this time (empty: only when the "
        "jury unfreezes it).",
    )
    # Set by an admin when the results are final (the CCS API's state.finalized): at or
    # after the end; clients such as the resolver wait for it.
    finalized_at = models.DateTimeField(
        null=True, blank=True, help_text="When the results were declared final (after the end)."
    )
    penalty_minutes = models.PositiveIntegerField(default=20)
    scoring = models.CharField(max_length=10, choices=Scoring.choices, default=Scoring.ICPC)
    # Mooshak's submission settings.
    multiple_accepts = models.BooleanField(
        default=False, help_text="Accept submissions for a problem the team already solved."
    )
    run_all_tests = models.BooleanField(
        default=True, help_text="Run every test even after one fails (Mooshak's default)."
    )
    team_feedback = models.CharField(
        max_length=10,
        choices=TeamFeedback.choices,
        default=TeamFeedback.VERDICT,
        help_text="What a team sees of its judged submission (the compiler's output comes with "
        "the verdict; secret tests' names and results only at the last level).",
    )
    min_interval_s = models.PositiveIntegerField(
        default=0, help_text="Minimum seconds between two submissions of one team."
    )
    max_pending = models.PositiveIntegerField(
        default=0, help_text="Most submissions a team may have waiting for a verdict (0: any)."
    )
    show_pending_to_teams = models.BooleanField(
        default=True, help_text="Teams see pending classifications (Mooshak) or only final ones."
    )
    auto_validate_accepted = models.BooleanField(
        default=False, help_text="An automatic Accepted is final at once."
    )
    pending_counts_on_scoreboard = models.BooleanField(default=True)
    compile_errors_count = models.BooleanField(
        default=False, help_text="Compile errors count as penalty tries."
    )
    public_scoreboard = models.BooleanField(default=True)
    score_board = models.CharField(
        max_length=12,
        choices=ScoreBoard.choices,
        default=ScoreBoard.NONE,
        blank=True,
        help_text="An IOI-style board of the scoring problems' points, beside the ICPC board "
        "(the CCS API then reports the score board).",
    )
    # What a problem package gets where it leaves a limit to the "system default": the typical
    # defaults of the format's table, which package authors tested against (docs/packages.md).
    package_memory_mb = models.PositiveIntegerField(
        default=2048, help_text="Memory limit (MiB) of packages that set none."
    )
    package_output_kib = models.PositiveIntegerField(
        default=8192, help_text="Output limit (KiB) of packages that set none."
    )
    package_code_kib = models.PositiveIntegerField(
        default=128, help_text="Source size limit (KiB) of packages that set none."
    )
    # Clarifications: whether teams may ask the jury, and until when (the jury may always
    # answer and announce).
    clarifications_open = models.BooleanField(
        default=True, help_text="Teams may ask the jury questions (clarification requests)."
    )
    clarifications_until = models.DateTimeField(
        null=True, blank=True, help_text="Teams may ask until then (empty: until the end)."
    )
    # Balloons: DOMjudge gives none for submissions made during the freeze (its
    # show_balloons_postfreeze, off by default), so the balloons in the room do not tell the
    # teams what the frozen board hides.
    balloons_during_freeze = models.BooleanField(
        default=False,
        help_text="Submissions made after the freeze starts still earn balloons "
        "(off: as DOMjudge, they never do).",
    )
    # Printouts: teams send files to print; runners bring them. The command is the admin's
    # (run without a shell, the PDF's path appended); without one, runners print the PDF.
    print_command = models.CharField(
        max_length=300,
        blank=True,
        help_text='Run with the PDF\'s path appended, e.g. "lp -d printer" (empty: runners '
        "download the PDF and print it themselves).",
    )
    print_max_kib = models.PositiveIntegerField(
        default=100, help_text="The largest file (KiB) a team may send to print."
    )
    print_max_per_team = models.PositiveIntegerField(
        default=20, help_text="Printouts per team in this contest (0: teams may not print)."
    )
    # Style reports (docs/judging.md, "Style"): off, or on with one of the bundled rule sets.
    style_rules = models.CharField(
        max_length=10, choices=StyleRules.choices, default=StyleRules.OFF, help_text=STYLE_HELP
    )
    # Several contests at once (contest/models/entry.py): as DOMjudge's open_to_all_teams, a
    # contest is open to every team unless the admin restricts it to its linked teams.
    open_to_all_teams = models.BooleanField(
        default=True,
        help_text="Every team competes (off: only the teams linked to this contest).",
    )
    teams = models.ManyToManyField(
        "accounts.Team", through="contest.ContestTeam", related_name="contests", blank=True
    )
    languages = models.ManyToManyField(
        "contest.Language",
        blank=True,
        related_name="contests",
        help_text="The languages teams may use here (none chosen: every enabled language).",
    )
    submitters = models.CharField(
        max_length=12,
        choices=Submitters.choices,
        default=Submitters.ALL,
        help_text="Who may submit while the contest runs.",
    )
    submit_categories = models.ManyToManyField(
        "accounts.Category",
        blank=True,
        related_name="+",
        help_text="The categories whose teams may submit, when only some may.",
    )
    # Awards (scoreboard/awards.py): medals by rank among the teams that scored; 0 offers none.
    gold_medals = models.PositiveIntegerField(default=0, help_text="Gold medals (0: none).")
    silver_medals = models.PositiveIntegerField(default=0, help_text="Silver medals (0: none).")
    bronze_medals = models.PositiveIntegerField(default=0, help_text="Bronze medals (0: none).")
    # Every enabled language's default environment is offered; these are the others.
    environments = models.ManyToManyField(
        "contest.Environment",
        blank=True,
        related_name="contests",
        help_text="Environments offered besides each language's default (e.g. PyPy, C++20).",
    )

    class Meta:
        ordering = ("-start",)

    def __str__(self) -> str:
        return self.name

    def may_submit(self, team: Any) -> bool:
        """Whether `team` (an accounts.Team) may submit at all under `submitters`."""
        if self.submitters == Submitters.NOBODY:
            return False
        if self.submitters == Submitters.CATEGORIES:
            return self.submit_categories.filter(pk=team.category_id).exists()
        return True

    def clean(self) -> None:
        if self.finalized_at is not None and self.end is not None and self.finalized_at < self.end:
            raise ValidationError({"finalized_at": "Results can be final only after the end."})

    def phase(self, now: datetime | None = None) -> Phase:
        now = now or timezone.now()
        if now < self.start:
            return Phase.BEFORE
        if now >= self.end:
            return Phase.OVER
        if self.is_frozen(now):
            return Phase.FROZEN
        return Phase.RUNNING

    def is_running(self, now: datetime | None = None) -> bool:
        now = now or timezone.now()
        return self.start <= now < self.end

    def is_frozen(self, now: datetime | None = None) -> bool:
        """Whether the public board hides results of new submissions right now."""
        now = now or timezone.now()
        return (
            self.freeze_start is not None and now >= self.freeze_start and self.unfrozen_at is None
        )

    def accepts_questions(self, now: datetime | None = None) -> bool:
        """Whether a team may ask a question now: from the start to the deadline (the end
        when none is set), when questions are open at all."""
        now = now or timezone.now()
        until = self.clarifications_until or self.end
        return self.clarifications_open and self.start <= now < until

    def minutes_since_start(self, when: datetime) -> int:
        return int((when - self.start).total_seconds() // 60)
