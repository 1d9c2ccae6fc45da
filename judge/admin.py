"""Submissions, judgements and test runs in the Django admin (the jury pages are the everyday
tool; the admin is for inspection and repairs). The jury's audit log is read-only here."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from judge.models import (
    AuditEntry,
    CannedAnswer,
    Clarification,
    Judgement,
    LanguageSelfTest,
    RejudgeItem,
    RejudgeSet,
    Submission,
    TestRun,
)
from judge.queue import enqueue_judgement


class JudgementInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Judgement
    fields = ("reason", "state", "classification", "attempts", "worker", "created_at")
    readonly_fields = fields
    extra = 0
    show_change_link = True
    can_delete = False


@admin.register(Submission)
class SubmissionAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = (
        "id",
        "contest",
        "team",
        "problem",
        "language",
        "state",
        "classification",
        "submitted_at",
    )
    list_filter = ("contest", "state", "classification", "language", "problem")
    search_fields = ("id", "team__name", "filename")
    raw_id_fields = ("submitter", "current_judgement")
    readonly_fields = ("source_text",)
    inlines = (JudgementInline,)
    date_hierarchy = "submitted_at"


class TestRunInline(admin.TabularInline):  # type: ignore[type-arg]
    model = TestRun
    fields = (
        "order",
        "name",
        "classification",
        "cpu_ms",
        "wall_ms",
        "memory_kib",
        "exit_code",
        "signal",
        "checker_message",
    )
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.action(description="Queue again (failed or stuck judgements)")
def requeue(modeladmin: Any, request: HttpRequest, queryset: Any) -> None:
    from judge.jobs.judging import queue_for
    from judge.models import JudgementState

    for judgement in queryset.filter(state__in=[JudgementState.FAILED, JudgementState.QUEUED]):
        enqueue_judgement(judgement.pk, queue_name=queue_for(judgement))


@admin.register(Judgement)
class JudgementAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = (
        "id",
        "submission",
        "reason",
        "state",
        "classification",
        "attempts",
        "tests_done",
        "tests_total",
        "worker",
        "created_at",
    )
    list_filter = ("state", "reason", "classification")
    raw_id_fields = ("submission", "requested_by")
    inlines = (TestRunInline,)
    actions = (requeue,)


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("at", "user", "action", "target", "contest")
    list_filter = ("action", "contest")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class RejudgeItemInline(admin.TabularInline):  # type: ignore[type-arg]
    model = RejudgeItem
    fields = ("submission", "old_classification", "old_state", "old_judgement", "new_judgement")
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(RejudgeSet)
class RejudgeSetAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Rejudge sets are made and applied on the jury pages; here they are inspected."""

    list_display = ("id", "contest", "state", "created_by", "created_at")
    list_filter = ("state", "contest")
    inlines = (RejudgeItemInline,)


@admin.register(LanguageSelfTest)
class LanguageSelfTestAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("id", "language", "state", "requested_by")
    list_filter = ("state", "language")


@admin.register(CannedAnswer)
class CannedAnswerAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """The jury's ready answers, offered on a question's page."""

    list_display = ("title", "sort_order", "text")
    list_editable = ("sort_order",)
    search_fields = ("title", "text")


@admin.register(Clarification)
class ClarificationAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """For inspection: the jury answers and announces on its own pages (audited there)."""

    list_display = ("id", "contest", "from_team", "to_team", "problem", "state", "time")
    list_filter = ("contest", "state")
    search_fields = ("text",)
    readonly_fields = [f.name for f in Clarification._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
