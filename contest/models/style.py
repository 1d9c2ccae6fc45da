"""Style reports' settings: whether a contest's or a problem's submissions get a style report
next to their verdict, and with which of the engine's bundled rule sets (judging/style)."""

from __future__ import annotations

from django.db import models


class StyleRules(models.TextChoices):
    OFF = "off", "Off"
    DEFAULT = "default", "On: the default rules"
    STRICT = "strict", "On: the strict rules"


AS_THE_CONTEST = ""
PROBLEM_STYLE_CHOICES = [(AS_THE_CONTEST, "As the contest"), *StyleRules.choices]
STYLE_HELP = (
    "A style report (ruff, checkstyle, cppcheck, eslint) next to the verdict, for the jury and, "
    "as the feedback level allows, the team. It never changes a verdict."
)
