"""Accounts in the Django admin: users with their role and team, teams with their members, API
tokens (created for any user, shown once), and login throttles (unlocked by deleting them)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.db.models import QuerySet
from django.http import HttpRequest

from accounts.forms import ThrottledAdminAuthenticationForm
from accounts.models import ApiToken, Category, LoginThrottle, Organization, Team, User
from accounts.tokens import token_create

# The admin's own login page goes through the login throttle too.
admin.site.login_form = ThrottledAdminAuthenticationForm


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
    list_display = ("name", "affiliation", "location", "category", "member_count")
    list_filter = ("category", "organization")
    search_fields = ("name", "affiliation", "location")
    inlines = (MemberInline,)

    def save_model(self, request: HttpRequest, obj: Team, form: Any, change: bool) -> None:
        if obj.organization is not None:
            obj.affiliation = obj.organization.name  # what the API reads
        super().save_model(request, obj, form, change)

    @admin.display(description="members")
    def member_count(self, team: Team) -> int:
        return team.members.count()


@admin.register(Organization)
class OrganizationAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name", "external_id", "formal_name", "country")
    search_fields = ("name", "formal_name", "external_id")

    def save_model(self, request: HttpRequest, obj: Organization, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        obj.teams.update(affiliation=obj.name)  # a rename reaches the API's organizations


@admin.register(Category)
class CategoryAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name", "external_id", "sort_order", "visible")
    list_editable = ("sort_order", "visible")


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("prefix", "user", "name", "created_at", "last_used_at")
    list_filter = ("user__role",)
    search_fields = ("user__username", "name", "prefix")
    fields = ("user", "name")
    raw_id_fields = ("user",)
    actions = ("delete_selected",)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # a token is created or revoked (deleted), never edited

    def save_model(self, request: HttpRequest, obj: ApiToken, form: Any, change: bool) -> None:
        token, plain = token_create(user=obj.user, name=obj.name)
        obj.pk, obj.digest, obj.prefix = token.pk, token.digest, token.prefix
        self.message_user(
            request, f"The new token for {obj.user.username}, shown only now: {plain}"
        )


@admin.register(LoginThrottle)
class LoginThrottleAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Failed logins per account and address; unlocking forgets them."""

    list_display = ("kind", "key", "failures", "last_failure_at", "locked_until")
    list_filter = ("kind",)
    search_fields = ("key",)
    readonly_fields = ("kind", "key", "failures", "last_failure_at", "locked_until")
    actions = ("unlock",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.action(description="Unlock (forget their failed logins)")
    def unlock(self, request: HttpRequest, queryset: QuerySet[LoginThrottle]) -> None:
        deleted, _ = queryset.delete()
        self.message_user(request, f"Unlocked {deleted} account(s) or address(es).")
