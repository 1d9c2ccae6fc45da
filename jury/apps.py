from __future__ import annotations

from django.apps import AppConfig


class JuryConfig(AppConfig):
    """The jury's pages: the queue, reports, validation, rejudge sets, compilers, problems."""

    name = "jury"
