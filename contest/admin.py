"""The contest in the Django admin: contests, problems with their tests, languages, blobs.

Problem packages are imported on the jury's problem page, by a worker (the button on the problem
list leads there).
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.template.defaultfilters import filesizeformat

from contest.models import Blob, Contest, ContestTeam, Environment, Language, Problem, TestCase


class ContestTeamInline(admin.TabularInline):  # type: ignore[type-arg]
    """The contest's teams and their category there (docs/web.md, "Several contests")."""

    model = ContestTeam
    fields = ("team", "category")
    autocomplete_fields = ("team",)
    extra = 0


@admin.register(Contest)
class ContestAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    inlines = (ContestTeamInline,)
    filter_horizontal = ("languages",)
    list_display = ("name", "short_name", "start", "end", "freeze_start", "team_feedback")
    prepopulated_fields = {"short_name": ("name",)}
    filter_horizontal = ("environments",)
    fieldsets = (
        (
            None,
            {
                "fields": (
                    "name",
                    "short_name",
                    "start",
                    "end",
                    "freeze_start",
                    "unfrozen_at",
                    "finalized_at",
                )
            },
        ),
        (
            "Scoring",
            {
                "fields": (
                    "scoring",
                    "penalty_minutes",
                    "compile_errors_count",
                    "pending_counts_on_scoreboard",
                    "public_scoreboard",
                    "score_board",
                )
            },
        ),
        (
            "Submissions (Mooshak)",
            {
                "fields": (
                    "multiple_accepts",
                    "run_all_tests",
                    "team_feedback",
                    "min_interval_s",
                    "max_pending",
                    "show_pending_to_teams",
                    "auto_validate_accepted",
                )
            },
        ),
        ("Teams and languages", {"fields": ("open_to_all_teams", "languages")}),
        ("Clarifications", {"fields": ("clarifications_open", "clarifications_until")}),
        ("Balloons", {"fields": ("balloons_during_freeze",)}),
        ("Style reports", {"fields": ("style_rules",)}),
        # Each enabled language's default environment is always offered.
        ("Evaluator environments", {"fields": ("environments",)}),
        (
            "Problem packages",
            {"fields": ("package_memory_mb", "package_output_kib", "package_code_kib")},
        ),
    )


class TestCaseInline(admin.TabularInline):  # type: ignore[type-arg]
    model = TestCase
    fields = ("order", "name", "sample", "input", "input_size", "answer", "answer_size")
    readonly_fields = ("input_size", "answer_size")
    raw_id_fields = ("input", "answer")
    extra = 0

    @admin.display(description="input size")
    def input_size(self, test: TestCase) -> str:
        return filesizeformat(test.input.size) if test.input_id else "-"

    @admin.display(description="answer size")
    def answer_size(self, test: TestCase) -> str:
        return filesizeformat(test.answer.size) if test.answer_id else "-"


@admin.register(Problem)
class ProblemAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = (
        "letter",
        "name",
        "contest",
        "time_limit_s",
        "memory_mb",
        "validation",
        "test_count",
    )
    list_filter = ("contest", "validation")
    search_fields = ("name", "letter")
    raw_id_fields = ("validator",)
    # The types decide what teams hand in and how it is judged: the jury's problem pages
    # change them through their services, which refuse what would be wrong (docs/kinds.md).
    readonly_fields = ("types",)
    inlines = (TestCaseInline,)
    change_list_template = "admin/contest/problem/change_list.html"

    @admin.display(description="tests")
    def test_count(self, problem: Problem) -> int:
        return problem.tests.count()


@admin.register(Language)
class LanguageAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("id", "name", "extensions", "enabled", "time_factor", "version")
    list_editable = ("enabled",)
    readonly_fields = ("version",)


@admin.register(Environment)
class EnvironmentAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("key", "language", "name", "enabled", "time_factor", "version")
    list_editable = ("enabled",)
    list_filter = ("language", "enabled")
    readonly_fields = ("version",)


@admin.register(Blob)
class BlobAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Blobs are immutable (their key is their hash): shown, never edited."""

    list_display = ("short_hash", "readable_size")
    search_fields = ("sha256",)
    fields = ("sha256", "readable_size")
    readonly_fields = ("sha256", "readable_size")

    @admin.display(description="sha256")
    def short_hash(self, blob: Blob) -> str:
        return blob.sha256[:16]

    @admin.display(description="size", ordering="size")
    def readable_size(self, blob: Blob) -> str:
        return filesizeformat(blob.size)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
