"""The test groups of a scoring problem: how `secret` and each group below it are scored
(judging.model.GroupSpec, field for field; docs/judging.md, "Scoring problems")."""

from __future__ import annotations

from django.db import models

from contest.models.problem import Problem


class Aggregation(models.TextChoices):
    PASS_FAIL = "pass-fail", "All tests passed: the maximum, else 0"
    SUM = "sum", "Sum"
    MIN = "min", "Minimum"
    AVG = "avg", "Average (legacy grader)"
    MAX = "max", "Maximum (legacy grader)"


class TestGroup(models.Model):
    problem = models.ForeignKey(Problem, on_delete=models.CASCADE, related_name="test_groups")
    order = models.PositiveIntegerField()  # parents before children, in the format's order
    name = models.CharField(max_length=200)  # "secret", "secret/group1"
    aggregation = models.CharField(
        max_length=10, choices=Aggregation.choices, default=Aggregation.SUM
    )
    max_score = models.FloatField(null=True, blank=True, help_text="Empty: unbounded.")
    # An accepted test's points without the validator's score.txt; null: the test's maximum.
    accept_score = models.FloatField(null=True, blank=True)
    reject_score = models.FloatField(default=0.0)
    min_score = models.FloatField(null=True, blank=True)  # legacy `range`'s lower end
    on_reject = models.CharField(max_length=10, default="continue")  # or "break" (legacy)
    require_pass = models.JSONField(default=list, blank=True)  # group names, or "sample"
    # How the group's own tests combine first ("min": they pass together); blank: as above.
    tests_aggregation = models.CharField(max_length=10, blank=True)
    rules = models.CharField(max_length=10, default="2025-09")  # or "legacy"

    class Meta:
        ordering = ("problem", "order")
        constraints = [
            models.UniqueConstraint(fields=("problem", "name"), name="unique_test_group_name")
        ]

    def __str__(self) -> str:
        return f"{self.problem.letter}/{self.name}"
