"""Juiz's system checks (`manage.py check`), and the warning the web server logs at start-up
(config.asgi, config.wsgi) when it runs with the repository's own SECRET_KEY in production
mode."""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Error, Tags, register

from config.env import DEVELOPMENT_SECRET_KEY

logger = logging.getLogger("juiz")

SECRET_KEY_MESSAGE = (
    "SECRET_KEY is Juiz's built-in development key, which anyone can read in the repository: "
    "sessions, CSRF tokens and remembered API logins can be forged."
)
SECRET_KEY_HINT = "Set SECRET_KEY in the environment to a long random value (or run with DEBUG=1)."


def uses_development_key() -> bool:
    return bool(settings.SECRET_KEY == DEVELOPMENT_SECRET_KEY and not settings.DEBUG)


@register(Tags.security, deploy=True)
def check_secret_key(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """`check --deploy` fails while production mode (DEBUG off) uses the built-in key."""
    if not uses_development_key():
        return []
    return [Error(SECRET_KEY_MESSAGE, hint=SECRET_KEY_HINT, id="juiz.E001")]


def warn_at_start_up() -> None:
    if uses_development_key():
        logger.warning("%s %s", SECRET_KEY_MESSAGE, SECRET_KEY_HINT)
