"""A bench's scratch database: a fresh SQLite file in the bench's temporary directory, or the
database of DATABASE_URL when it is PostgreSQL (use a scratch database: benches empty tables)."""

from __future__ import annotations

import os
from pathlib import Path


def setup_django(tmp: Path, channel_prefix: str) -> None:
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        os.environ["DATABASE_URL"] = f"sqlite:///{tmp / 'bench.sqlite3'}"
    os.environ.setdefault("JUIZ_CHANNEL_PREFIX", channel_prefix)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    if settings.EMBEDDED_REDIS:
        from config import embedded_redis

        embedded_redis.ensure_running(settings.VAR_DIR)
    call_command("migrate", verbosity=0)
