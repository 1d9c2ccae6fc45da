"""Accounts in the Django admin: users with their role and team, teams with their members."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin

from accounts.models import Category, Team, User


@admin.register(User)
class UserAdmin(BaseUserAdmin):  # type: ignore[type-arg]
    list_display = ("username", "role", "team", "is_active", "last_login")
    list_filter = ("role", "team", "is_active")
    search_fields = ("username", "first_name", "last_name", "team__name")
    fieldsets = (
        *(BaseUserAdmin.fieldsets or ()),
        ("Juiz", {"fields": ("role", "team")}),
    )
    add_fieldsets = (
        *(BaseUserAdmin.add_fieldsets or ()),
        ("Juiz", {"fields": ("role", "team")}),
    )


class MemberInline(admin.TabularInline):  # type: ignore[type-arg]
    model = User
    fields = ("username", "first_name", "last_name", "role", "is_active")
    readonly_fields = ("username",)
    extra = 0
    show_change_link = True
    can_delete = False
    verbose_name = "member"

    def has_add_permission(self, request: Any, obj: Any = None) -> bool:
        return False  # members are created as users (they need a password)


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name", "affiliation", "category", "member_count")
    list_filter = ("category",)
    search_fields = ("name", "affiliation")
    inlines = (MemberInline,)

    @admin.display(description="members")
    def member_count(self, team: Team) -> int:
        return team.members.count()


@admin.register(Category)
class CategoryAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name", "sort_order", "visible")
    list_editable = ("sort_order", "visible")
