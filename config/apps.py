from __future__ import annotations

from django.apps import AppConfig


class ProjectConfig(AppConfig):
    """The project itself: its commands (serve, demo), the site-wide template tags and the
    system checks."""

    name = "config"

    def ready(self) -> None:
        from config import checks  # noqa: F401  (registers the system checks)
