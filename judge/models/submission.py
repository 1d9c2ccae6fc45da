"""Submissions and their evaluations.

A Submission has one or more Judgements (reports): the first from the automatic judge, more
from reevaluations and rejudges. `Submission.current_judgement` is the report in force -- the
one teams see -- and `Submission.classification` / `state` the verdict in force (a judge may
change the classification with a comment; validation makes it final).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from judging.classification import SEVERITY, Classification

CLASSIFICATION_CHOICES = [(c.value, c.value) for c in SEVERITY]


class SubmissionState(models.TextChoices):
    QUEUED = "queued", "Queued"
    JUDGING = "judging", "Judging"
    PENDING = "pending", "Pending"  # classified automatically, awaiting a judge
    FINAL = "final", "Final"  # validated (or changed) by a judge


class Submission(models.Model):
    contest = models.ForeignKey(
        "contest.Contest", on_delete=models.CASCADE, related_name="submissions"
    )
    team = models.ForeignKey("accounts.Team", on_delete=models.CASCADE, related_name="submissions")
    problem = models.ForeignKey(
        "contest.Problem", on_delete=models.CASCADE, related_name="submissions"
    )
    language = models.ForeignKey(
        "contest.Language", on_delete=models.PROTECT, related_name="submissions"
    )
    # The language's evaluator environment (contest.Environment's key, or the language's
    # default_environment) the submission is judged in.
    environment = models.CharField(max_length=40, blank=True)
    submitter = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # One file: its name and bytes. Several files (an upload of files or a zip): `filename` is
    # the program's name (the zip's, or the entry point's) and the files are SourceFile rows;
    # `source` is then empty.
    filename = models.CharField(max_length=255)
    source = models.BinaryField()
    # The file (Java: the class) that starts a program of several files: the team's choice or
    # what the format's rules found at submit time (judging/languages/entry.py); "" lets the
    # engine decide.
    entrypoint = models.CharField(max_length=255, blank=True)
    submitted_at = models.DateTimeField(db_index=True)
    state = models.CharField(
        max_length=10, choices=SubmissionState.choices, default=SubmissionState.QUEUED
    )
    classification = models.CharField(
        max_length=30, choices=CLASSIFICATION_CHOICES, blank=True, db_index=True
    )
    current_judgement = models.ForeignKey(
        "judge.Judgement", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ("-submitted_at", "-id")
        indexes = [models.Index(fields=("contest", "team", "problem"))]

    def __str__(self) -> str:
        return f"#{self.pk} {self.team} {self.problem.letter}"

    @property
    def source_text(self) -> str:
        return bytes(self.source).decode("utf-8", errors="replace")

    def program_files(self) -> list[tuple[str, bytes]]:
        """(name, bytes) of every submitted file, in the order they were submitted."""
        rows = [(f.filename, bytes(f.source)) for f in self.files.all()]
        return rows or [(self.filename, bytes(self.source))]

    @property
    def verdict(self) -> Classification | None:
        return Classification(self.classification) if self.classification else None


class SourceFile(models.Model):
    """One file of a submission of several (its path inside the program, e.g. lib/util.py)."""

    submission = models.ForeignKey(Submission, on_delete=models.CASCADE, related_name="files")
    order = models.PositiveIntegerField()
    filename = models.CharField(max_length=255)
    source = models.BinaryField()

    class Meta:
        ordering = ("submission", "order")
        constraints = [
            models.UniqueConstraint(fields=("submission", "filename"), name="one_file_per_name")
        ]

    def __str__(self) -> str:
        return f"{self.filename} of submission {self.submission_id}"

    @property
    def source_text(self) -> str:
        return bytes(self.source).decode("utf-8", errors="replace")


class JudgementState(models.TextChoices):
    QUEUED = "queued", "Queued"
    JUDGING = "judging", "Judging"
    DONE = "done", "Done"
    FAILED = "failed", "Infrastructure failure (will retry)"
    CANCELLED = "cancelled", "Cancelled"


class Judgement(models.Model):
    """One evaluation (report) of a submission."""

    class Reason(models.TextChoices):
        SUBMISSION = "submission", "New submission"
        REEVALUATION = "reevaluation", "Reevaluation by a judge"
        REJUDGE = "rejudge", "Rejudge set"

    submission = models.ForeignKey(Submission, on_delete=models.CASCADE, related_name="judgements")
    reason = models.CharField(max_length=20, choices=Reason.choices, default=Reason.SUBMISSION)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    state = models.CharField(
        max_length=10, choices=JudgementState.choices, default=JudgementState.QUEUED, db_index=True
    )
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    worker = models.CharField(max_length=200, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    classification = models.CharField(max_length=30, choices=CLASSIFICATION_CHOICES, blank=True)
    compile_output = models.TextField(blank=True)
    reason_text = models.TextField(blank=True, help_text="Why, when no test explains it.")
    report = models.JSONField(default=dict, blank=True)  # judging.report.Report.to_dict()
    # A scoring problem's points (Report.score); null for pass-fail problems.
    score = models.FloatField(null=True, blank=True)
    # Number of tests run so far (live progress) out of tests_total.
    tests_done = models.PositiveIntegerField(default=0)
    tests_total = models.PositiveIntegerField(default=0)
    # The jury's "rebuild": compile afresh instead of reusing the worker's stored build.
    rebuild = models.BooleanField(default=False)

    class Meta:
        ordering = ("-created_at", "-id")

    def __str__(self) -> str:
        return f"judgement {self.pk} of submission {self.submission_id}"

    @property
    def verdict(self) -> Classification | None:
        return Classification(self.classification) if self.classification else None


class TestRun(models.Model):
    judgement = models.ForeignKey(Judgement, on_delete=models.CASCADE, related_name="runs")
    order = models.PositiveIntegerField()
    name = models.CharField(max_length=200)
    classification = models.CharField(max_length=30, choices=CLASSIFICATION_CHOICES)
    cpu_ms = models.PositiveIntegerField(default=0)
    wall_ms = models.PositiveIntegerField(default=0)
    memory_kib = models.PositiveIntegerField(default=0)
    exit_code = models.IntegerField(null=True, blank=True)
    signal = models.IntegerField(null=True, blank=True)
    checker_message = models.TextField(blank=True)
    output = models.TextField(blank=True)  # capped preview of the team's stdout
    stderr = models.TextField(blank=True)
    sample = models.BooleanField(default=False)
    # Function problems: truncated JSON of the case's arguments, expected and returned values.
    input_preview = models.TextField(blank=True)
    expected_preview = models.TextField(blank=True)
    got_preview = models.TextField(blank=True)

    class Meta:
        ordering = ("judgement", "order")

    def __str__(self) -> str:
        return f"{self.name}: {self.classification}"
