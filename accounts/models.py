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
    sort_order = models.PositiveIntegerField(default=0)
    visible = models.BooleanField(default=True, help_text="Shown on the public scoreboard.")

    class Meta:
        ordering = ("sort_order", "name")
        verbose_name_plural = "categories"

    def __str__(self) -> str:
        return self.name


class Team(models.Model):
    name = models.CharField(max_length=100, unique=True)
    affiliation = models.CharField(max_length=200, blank=True)
    category = models.ForeignKey(
        Category, null=True, blank=True, on_delete=models.SET_NULL, related_name="teams"
    )

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
