"""A problem package import, run by a worker (judge/jobs/package_import.py), never in a request.

A package may hold hundreds of megabytes of test data and, without a time limit, needs its
accepted submissions judged to calibrate one: minutes of work that must not hold a web process
or its memory. The upload is saved to disk, this row tracks the job (the jury's page shows its
progress), and the package's own submissions can be judged as a check once it is stored.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class ImportState(models.TextChoices):
    QUEUED = "queued", "queued"
    RUNNING = "running", "running"
    DONE = "done", "imported"
    FAILED = "failed", "failed"


class PackageImport(models.Model):
    contest = models.ForeignKey("contest.Contest", on_delete=models.CASCADE, related_name="+")
    letter = models.CharField(max_length=5)
    archive_name = models.CharField(max_length=255)  # the uploaded file's name, for people
    archive_path = models.CharField(max_length=500)  # where the upload waits for the worker
    run_check = models.BooleanField(default=False)  # judge the package's submissions after
    time_limit_s = models.FloatField(null=True, blank=True)  # overrides the package's
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    state = models.CharField(max_length=10, choices=ImportState.choices, default=ImportState.QUEUED)
    step = models.CharField(max_length=200, blank=True)  # e.g. "storing test 12 of 40"
    message = models.TextField(blank=True)  # why it failed
    problem = models.ForeignKey(
        "contest.Problem", null=True, blank=True, on_delete=models.SET_NULL, related_name="imports"
    )
    # The package's submissions judged after the import: one dict per submission (name,
    # expected, got, agrees, time_fraction, reason), or [] when no check was asked or run.
    check_rows = models.JSONField(default=list, blank=True)
    check_summary = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-created_at", "-id")

    def __str__(self) -> str:
        return f"import {self.pk} of {self.archive_name} as {self.letter}: {self.state}"

    @property
    def finished(self) -> bool:
        return self.state in (ImportState.DONE, ImportState.FAILED)
