"""Coverage honesty (docs/functions.md, "Reference verification"): a function problem is judged
in a language only once its reference solution was Accepted there, on a worker, in the sandbox.

One row per (problem, harness language). `case_file_sha` says which built case file was
verified, so a re-import (a new case file) makes the old verdict stale without a race: a late
verification of the old file is recognised and dropped.
"""

from __future__ import annotations

from django.db import models


class CoverageState(models.TextChoices):
    PENDING = "pending", "verifying…"
    VERIFIED = "verified", "judged"
    FAILED = "failed", "not judged (reference fails)"


class LanguageCoverage(models.Model):
    problem = models.ForeignKey(
        "contest.Problem", on_delete=models.CASCADE, related_name="coverage"
    )
    # The harness language's registry id (python3, java, javascript, typescript, cpp); not a
    # foreign key: coverage is a fact about the library, whether or not the admin enabled it.
    language_id = models.CharField(max_length=20)
    state = models.CharField(
        max_length=10, choices=CoverageState.choices, default=CoverageState.PENDING
    )
    detail = models.TextField(blank=True)
    case_file_sha = models.CharField(max_length=64)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("problem", "language_id")
        constraints = [
            models.UniqueConstraint(
                fields=("problem", "language_id"), name="unique_problem_language_coverage"
            )
        ]

    def __str__(self) -> str:
        return f"{self.problem.letter}/{self.language_id}: {self.state}"

    @property
    def judged(self) -> bool:
        return self.state == CoverageState.VERIFIED
