from __future__ import annotations

from django.apps import AppConfig


class ProjectConfig(AppConfig):
    """The project itself: its commands (serve, demo), the site-wide template tags and the
    system checks."""

    name = "config"

    def ready(self) -> None:
        from config import checks

        checks.warn_at_start_up()
