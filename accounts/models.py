"""Users, their roles, and teams."""

from __future__ import annotations

from django.contrib.auth.models import AbstractUser
from django.db import models


class Role(models.TextChoices):
    ADMIN = "admin", "Administrator"
    JUDGE = "judge", "Judge"
    RUNNER = "runner", "Runner"  # staff: balloons, printouts
    TEAM = "team", "Team member"


class Category(models.Model):
    """A team group on the scoreboard (e.g. "Students", "Professionals")."""

    name = models.CharField(max_length=100, unique=True)
    # The CCS Contest Package's group id, kept so a re-import of groups.json updates this row.
    external_id = models.CharField(max_length=36, unique=True, null=True, blank=True)
    sort_order = models.PositiveIntegerField(default=0)
    visible = models.BooleanField(default=True, help_text="Shown on the public scoreboard.")

    class Meta:
        ordering = ("sort_order", "name")
        verbose_name_plural = "categories"

    def __str__(self) -> str:
        return self.name


class Organization(models.Model):
    """A team's affiliation (a university, a company), as the CCS spec's organizations.json
    describes one. Team.affiliation keeps the name as well, which is what the API reads."""

    external_id = models.CharField(max_length=36, unique=True)
    name = models.CharField(max_length=200, unique=True)
    formal_name = models.CharField(max_length=255, blank=True)
    country = models.CharField(max_length=3, blank=True, help_text="ISO 3166-1 alpha-3.")
    logo = models.FileField(upload_to="logos/", blank=True)

    class Meta:
        ordering = ("name",)

    def __str__(self) -> str:
        return self.name


class Team(models.Model):
    name = models.CharField(max_length=100, unique=True)
    # The CCS Contest Package's team id, kept so a re-import of teams.json updates this row.
    external_id = models.CharField(max_length=36, unique=True, null=True, blank=True)
    organization = models.ForeignKey(
        Organization, null=True, blank=True, on_delete=models.SET_NULL, related_name="teams"
    )
    # The organization's name, kept in step by the bulk import (the API's organizations
    # are read from it).
    affiliation = models.CharField(max_length=200, blank=True)
    category = models.ForeignKey(
        Category, null=True, blank=True, on_delete=models.SET_NULL, related_name="teams"
    )
    # Where the team sits (a room and desk): what a balloon runner looks for.
    location = models.CharField(max_length=100, blank=True)

    class Meta:
        ordering = ("name",)

    def __str__(self) -> str:
        return self.name


class User(AbstractUser):
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.TEAM)
    team = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="members"
    )

    @property
    def is_admin(self) -> bool:
        return self.is_superuser or self.role == Role.ADMIN

    @property
    def is_judge(self) -> bool:
        """Judges and admins reach the jury pages."""
        return self.is_admin or self.role == Role.JUDGE

    @property
    def is_runner(self) -> bool:
        return self.role == Role.RUNNER

    @property
    def is_jury_reader(self) -> bool:
        """Who may read jury listings (runners read only)."""
        return self.is_judge or self.is_runner


class ApiToken(models.Model):
    """A secret an API client sends as `Authorization: Bearer <token>` instead of a password.

    Only the token's SHA-256 is stored: the token is 32 random bytes, so a fast hash is as safe
    as a slow one and costs microseconds per request, where a password's PBKDF2 costs ~0.3 s.
    """

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=100, blank=True, help_text="What the token is for.")
    digest = models.CharField(max_length=64, unique=True, editable=False)
    # The token's first characters, so its owner can tell tokens apart (not secret).
    prefix = models.CharField(max_length=12, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ("-created_at", "-pk")
        verbose_name = "API token"

    def __str__(self) -> str:
        return f"{self.prefix}… ({self.name or 'unnamed'}) of {self.user.username}"


class ThrottleKind(models.TextChoices):
    ACCOUNT = "account", "Account"
    ADDRESS = "address", "Address"


class LoginThrottle(models.Model):
    """Failed password checks of one account or one client address, and the lockout they
    earned. In the database so every web process sees the same count."""

    kind = models.CharField(max_length=10, choices=ThrottleKind.choices)
    key = models.CharField(max_length=150, help_text="The user name, or the client address.")
    failures = models.PositiveIntegerField(default=0)
    last_failure_at = models.DateTimeField()
    locked_until = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=("kind", "key"), name="throttle_kind_key")]
        ordering = ("-last_failure_at",)

    def __str__(self) -> str:
        return f"{self.kind} {self.key}: {self.failures} failures"
