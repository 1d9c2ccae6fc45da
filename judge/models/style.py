"""A judgement's style report: what the contest's style tool said of the submission's code
(judging/style). Beside the verdict, never part of it: no classification reads it."""

from __future__ import annotations

from django.db import models

from judge.models.submission import Judgement
from judging.style import StyleIssue, StyleReport


class StyleCheck(models.Model):
    judgement = models.OneToOneField(Judgement, on_delete=models.CASCADE, related_name="style")
    tool = models.CharField(max_length=20, blank=True)  # "" when no tool checks the language
    rule_set = models.CharField(max_length=20)
    available = models.BooleanField()
    reason = models.TextField(blank=True)  # why the style is unavailable
    # [{file, line, column, rule, message, severity}], at most judging.style's MAX_ISSUES
    issues = models.JSONField(default=list, blank=True)
    total = models.PositiveIntegerField(default=0)  # issues found, kept or not
    cpu_ms = models.PositiveIntegerField(default=0)
    wall_ms = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"style of judgement {self.judgement_id}: {self.total} issue(s)"

    def report(self) -> StyleReport:
        return StyleReport(
            tool=self.tool,
            rule_set=self.rule_set,
            available=self.available,
            issues=tuple(StyleIssue(**i) for i in self.issues),
            total=self.total,
            reason=self.reason,
            cpu_ms=self.cpu_ms,
            wall_ms=self.wall_ms,
        )
