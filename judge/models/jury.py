"""What the jury's work leaves behind: the audit log, rejudge sets and language self-tests.

A rejudge set judges many submissions again without touching what teams see: each item keeps
the report in force when the set was made (`old_judgement`) and the new one, and only applying
the set makes the new reports current.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from judge.models.submission import CLASSIFICATION_CHOICES


class AuditAction(models.TextChoices):
    VALIDATE = "validate", "Validate"
    CHANGE = "change", "Change classification"
    REEVALUATE = "reevaluate", "Reevaluate"
    MAKE_CURRENT = "make_current", "Make report current"
    REJUDGE_CREATE = "rejudge_create", "Rejudge set created"
    REJUDGE_APPLY = "rejudge_apply", "Rejudge set applied"
    REJUDGE_CANCEL = "rejudge_cancel", "Rejudge set cancelled"
    LANGUAGE_CHANGE = "language_change", "Compiler settings changed"
    LANGUAGE_TEST = "language_test", "Compiler self-test"
    PROBLEM_CHANGE = "problem_change", "Problem limits changed"
    PROBLEM_DATA = "problem_data", "Problem test data changed"
    CONTEST_SETTINGS = "contest_settings", "Contest settings changed"
    CLAR_ANSWER = "clar_answer", "Clarification answered"
    CLAR_NO_REPLY = "clar_no_reply", "Clarification answered without reply"
    CLAR_EDIT = "clar_edit", "Clarification answer edited"
    CLAR_WITHDRAW = "clar_withdraw", "Clarification answer withdrawn"
    ANNOUNCE = "announce", "Announcement sent"
    BALLOON_DELIVER = "balloon_deliver", "Balloon delivered"
    BALLOON_UNDELIVER = "balloon_undeliver", "Balloon delivery undone"
    JUDGEMENT_REQUEUE = "judgement_requeue", "Failed judgement requeued"
    PRINT_SEND = "print_send", "Printout sent to the printer"
    PRINT_DELIVER = "print_deliver", "Printout delivered"
    PRINT_UNDELIVER = "print_undeliver", "Printout delivery undone"


class AuditEntry(models.Model):
    """One jury action: who did what, when, with the state before and after (JSON)."""

    at = models.DateTimeField(auto_now_add=True, db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    action = models.CharField(max_length=30, choices=AuditAction.choices, db_index=True)
    contest = models.ForeignKey(
        "contest.Contest", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The log outlives a deleted submission: `target` still names it.
    submission = models.ForeignKey(
        "judge.Submission", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    target = models.CharField(max_length=200, blank=True, help_text='e.g. "language c".')
    comment = models.TextField(blank=True)
    before = models.JSONField(default=dict, blank=True)
    after = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ("-at", "-id")
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M:%S} {self.user} {self.action} {self.target}"


class ApplyRule(models.TextChoices):
    """The state a submission gets when a rejudge set's new report becomes current."""

    KEEP = "keep", "Keep previous state"
    PENDING = "pending", "All pending"
    FINAL_IF_UNCHANGED = "final_if_unchanged", "Final if unchanged, else pending"


class RejudgeState(models.TextChoices):
    JUDGING = "judging", "Judging"
    APPLIED = "applied", "Applied"
    CANCELLED = "cancelled", "Cancelled"


class RejudgeSet(models.Model):
    contest = models.ForeignKey(
        "contest.Contest", on_delete=models.CASCADE, related_name="rejudge_sets"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    reason = models.TextField(blank=True, help_text="Why the submissions are judged again.")
    selection = models.JSONField(default=dict, blank=True)  # the filters, for the record
    state = models.CharField(
        max_length=10, choices=RejudgeState.choices, default=RejudgeState.JUDGING, db_index=True
    )
    apply_rule = models.CharField(max_length=20, choices=ApplyRule.choices, default=ApplyRule.KEEP)
    auto_apply = models.BooleanField(
        default=False, help_text="Apply by itself once judged, when no classification changed."
    )
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ("-created_at", "-id")

    def __str__(self) -> str:
        return f"rejudge set {self.pk}"

    @property
    def is_open(self) -> bool:
        return self.state == RejudgeState.JUDGING


class RejudgeItem(models.Model):
    rejudge = models.ForeignKey(RejudgeSet, on_delete=models.CASCADE, related_name="items")
    submission = models.ForeignKey(
        "judge.Submission", on_delete=models.CASCADE, related_name="rejudge_items"
    )
    old_judgement = models.ForeignKey(
        "judge.Judgement", null=True, on_delete=models.SET_NULL, related_name="+"
    )
    new_judgement = models.OneToOneField(
        "judge.Judgement", on_delete=models.CASCADE, related_name="rejudge_item"
    )
    # The verdict in force when the set was made: a judge may have changed the classification
    # away from the old report's, and that verdict is what teams saw.
    old_classification = models.CharField(max_length=30, choices=CLASSIFICATION_CHOICES)
    old_state = models.CharField(max_length=10)

    class Meta:
        ordering = ("submission_id",)
        constraints = [
            models.UniqueConstraint(fields=("rejudge", "submission"), name="unique_rejudge_item")
        ]

    def __str__(self) -> str:
        return f"{self.rejudge} item {self.submission_id}"


class SelfTestState(models.TextChoices):
    QUEUED = "queued", "Queued"
    RUNNING = "running", "Running"
    PASSED = "passed", "Passed"
    FAILED = "failed", "Failed"


class LanguageSelfTest(models.Model):
    """A run of a language's self-test program on a worker, with the compiler version seen."""

    language = models.ForeignKey(
        "contest.Language", on_delete=models.CASCADE, related_name="self_tests"
    )
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    state = models.CharField(
        max_length=10, choices=SelfTestState.choices, default=SelfTestState.QUEUED
    )
    worker = models.CharField(max_length=200, blank=True)
    version = models.TextField(blank=True)
    compile_output = models.TextField(blank=True)
    output = models.TextField(blank=True)
    message = models.TextField(blank=True)
    # The evaluator environment tested ("": the language's default, its own commands).
    environment = models.CharField(max_length=40, blank=True)

    class Meta:
        ordering = ("-created_at", "-id")

    def __str__(self) -> str:
        return f"self-test {self.pk} of {self.language_id}: {self.state}"
