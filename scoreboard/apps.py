from __future__ import annotations

from django.apps import AppConfig


class ScoreboardConfig(AppConfig):
    name = "scoreboard"
