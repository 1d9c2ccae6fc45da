"""Tiny typed readers for settings taken from the environment."""

from __future__ import annotations

import os

# The key Juiz runs with when SECRET_KEY is not set: fine on a laptop, public in the repository,
# so a deployment that keeps it lets anyone forge sessions (config/checks.py says so).
DEVELOPMENT_SECRET_KEY = "juiz-insecure-development-key-set-SECRET_KEY-in-production"


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in ("1", "true", "yes", "on")


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value else default


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]
