"""A real RQ worker in a subprocess, in burst mode (it stops when its queues are empty), on the
test database (a file for SQLite, test_<name> for PostgreSQL) and the tests' Redis."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings
from django.db import connection

WORKER_TIMEOUT_S = 300


def database_url() -> str:
    db = connection.settings_dict
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{db['NAME']}"
    auth = f"{db['USER']}:{db['PASSWORD']}@" if db["PASSWORD"] else f"{db['USER']}@"
    return f"postgres://{auth}{db['HOST'] or 'localhost'}:{db['PORT'] or 5432}/{db['NAME']}"


def burst(*queues: str, env: dict[str, str] | None = None) -> str:
    """Run one worker over the queues (in that priority order) until they are empty; `env`
    adds to its environment (a setting the worker reads, say)."""
    env = {**os.environ, "DATABASE_URL": database_url(), **(env or {})}
    done = subprocess.run(
        [
            sys.executable,
            str(Path(settings.BASE_DIR) / "manage.py"),
            "rqworker",
            *queues,
            "--burst",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=WORKER_TIMEOUT_S,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout + done.stderr
