from __future__ import annotations

from django.apps import AppConfig


class JudgeConfig(AppConfig):
    name = "judge"
