from __future__ import annotations

from django.apps import AppConfig


class ContestConfig(AppConfig):
    name = "contest"
