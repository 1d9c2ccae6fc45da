from __future__ import annotations

from django.apps import AppConfig


class TeamConfig(AppConfig):
    """The teams' pages: contest home, problems, submit, their own submissions."""

    name = "team"
