"""The engine's kit (judging/kit.py) as the settings say: every call into the engine that
compiles or judges passes it."""

from __future__ import annotations

from django.conf import settings

from judging.kit import Kit


def engine_kit() -> Kit:
    return Kit(harnesses=settings.JUIZ_HARNESS_DIR, node_modules=settings.JUIZ_NODE_MODULES)
