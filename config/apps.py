from __future__ import annotations

from django.apps import AppConfig


class ProjectConfig(AppConfig):
    """The project itself: its commands (serve, demo) and the site-wide template tags."""

    name = "config"
