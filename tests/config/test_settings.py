"""Settings come from the environment (DATABASE_URL, REDIS_URL, SECRET_KEY, DEBUG,
ALLOWED_HOSTS); with no DATABASE_URL the embedded SQLite is in WAL mode with a busy timeout.
Each case loads config.settings in a fresh interpreter, as a deployment would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, django
from django.conf import settings
django.setup()
from django.db import connection
db = settings.DATABASES["default"]
out = {"engine": db["ENGINE"], "name": str(db["NAME"]), "host": db.get("HOST"),
       "port": db.get("PORT"), "redis": settings.REDIS_URL, "secret": settings.SECRET_KEY,
       "debug": settings.DEBUG, "hosts": settings.ALLOWED_HOSTS}
if db["ENGINE"].endswith("sqlite3"):
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode"); out["journal"] = cursor.fetchone()[0]
        cursor.execute("PRAGMA busy_timeout"); out["busy_ms"] = cursor.fetchone()[0]
print(json.dumps(out))
"""

_CONFIG = ("DATABASE_URL", "REDIS_URL", "SECRET_KEY", "DEBUG", "ALLOWED_HOSTS")


def _settings(tmp_path: Path, **env: str) -> dict[str, Any]:
    base = {k: v for k, v in os.environ.items() if k not in (*_CONFIG, "PYTEST_XDIST_WORKER")}
    base.update(DJANGO_SETTINGS_MODULE="config.settings", JUIZ_VAR_DIR=str(tmp_path), **env)
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=base, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout))


def test_production_settings_come_from_the_environment(tmp_path: Path) -> None:
    got = _settings(
        tmp_path,
        DATABASE_URL="postgres://juiz:pw@db.example:5433/contest",
        REDIS_URL="redis://cache.example:6380/4",
        SECRET_KEY="a-real-secret",
        DEBUG="1",
        ALLOWED_HOSTS="juiz.example, judge.example",
    )
    assert got["engine"] == "django.db.backends.postgresql"
    assert (got["name"], got["host"], got["port"]) == ("contest", "db.example", 5433)
    assert got["redis"] == "redis://cache.example:6380/4"
    assert got["secret"] == "a-real-secret"
    assert got["debug"] is True
    assert got["hosts"] == ["juiz.example", "judge.example"]


def test_embedded_sqlite_is_wal_with_a_busy_timeout(tmp_path: Path) -> None:
    # REDIS_URL is set only so that this probe does not start the embedded Redis
    # (tests/config/test_serve.py runs that one).
    got = _settings(tmp_path, REDIS_URL="redis://127.0.0.1:6379/0")
    assert got["engine"] == "django.db.backends.sqlite3"
    assert Path(got["name"]).parent == tmp_path
    assert got["journal"] == "wal"
    assert got["busy_ms"] >= 5000
    assert got["debug"] is False
    assert "juiz-insecure" in got["secret"]  # the embedded default, named as such
