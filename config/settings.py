"""Juiz settings, read from the environment.

With nothing set, Juiz runs on its embedded defaults: SQLite (WAL, busy timeout) in var/ and an
embedded Redis on a unix socket in var/. Production sets DATABASE_URL (PostgreSQL) and REDIS_URL.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import dj_database_url

from config.env import DEVELOPMENT_SECRET_KEY, env_bool, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("JUIZ_VAR_DIR", str(BASE_DIR / "var")))

DEBUG = env_bool("DEBUG", default=False)
# The embedded default is for trying Juiz on one machine; a real deployment sets SECRET_KEY.
SECRET_KEY = env_str("SECRET_KEY", DEVELOPMENT_SECRET_KEY)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_rq",
    "channels",
    # The house, bottom up (docs/architecture.md): people, configuration, the submission
    # domain, the read side (live events, scoreboard), then the UIs and the project itself.
    "accounts",
    "contest",
    "judge",
    "live",
    "scoreboard",
    "team",
    "jury",
    "api",
    "config",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.middleware.RefuseNulMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "config.context_processors.current_contest",
                "config.context_processors.clarification_notices",
            ],
        },
    },
]


def _database() -> dict[str, Any]:
    url = env_str("DATABASE_URL")
    if url and not url.startswith("sqlite:"):
        return dict(dj_database_url.parse(url, conn_max_age=60))
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    name = dj_database_url.parse(url)["NAME"] if url else VAR_DIR / "juiz.sqlite3"
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": name,
        # Workers and the web server write concurrently: WAL lets readers go on during a write,
        # and the busy timeout makes a writer wait instead of failing with "database is locked".
        "OPTIONS": {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        },
        # A file, not memory, so worker subprocesses started by tests see the test database
        # (they are given its path); one per test process, so test runs never share one.
        "TEST": {"NAME": str(VAR_DIR / f"test-juiz-{os.getpid()}.sqlite3")},
    }


DATABASES = {"default": _database()}


def _redis_url() -> str:
    url = env_str("REDIS_URL")
    if url:
        return url
    from config import embedded_redis

    return embedded_redis.url(VAR_DIR)


def _isolated(url: str) -> str:
    """Under pytest-xdist each test process gets its own Redis db, so RQ queues and channel
    groups of parallel test processes never meet."""
    worker = env_str("PYTEST_XDIST_WORKER")
    if not worker.startswith("gw"):
        return url
    from urllib.parse import parse_qs, urlencode, urlsplit, urlunsplit

    parts = urlsplit(url)
    if parts.scheme == "unix":
        query = parse_qs(parts.query)
        db = int(query.get("db", ["0"])[0]) + 1 + int(worker[2:])
        # Not urlunsplit: it drops the "//" of an empty host, and redis wants unix:///path.
        return f"unix://{parts.path}?{urlencode({**query, 'db': db}, doseq=True)}"
    db = int(parts.path.strip("/") or 0) + 1 + int(worker[2:])
    return urlunsplit(parts._replace(path=f"/{db}"))


REDIS_URL = _isolated(_redis_url())
EMBEDDED_REDIS = not env_str("REDIS_URL")

RQ_QUEUES = {
    # "Run" of function problems: a team waits at the editor, so workers take these first.
    "runs": {"URL": REDIS_URL, "DEFAULT_TIMEOUT": 120},
    "judging": {"URL": REDIS_URL, "DEFAULT_TIMEOUT": 900},
    "rejudging": {"URL": REDIS_URL, "DEFAULT_TIMEOUT": 900},
    "default": {"URL": REDIS_URL, "DEFAULT_TIMEOUT": 300},
    # Reference verification of function problems (coverage), after new submissions.
    "verifying": {"URL": REDIS_URL, "DEFAULT_TIMEOUT": 1800},
}

# Juiz defers enqueueing to transaction.on_commit itself (judge/queue.py), so django-rq must
# enqueue at once when asked; its own deferral would postpone the job a second time.
# judge.worker.Worker: RQ's worker, which removes killed jobs' stale work folders at start.
RQ = {"COMMIT_MODE": "auto", "WORKER_CLASS": "judge.worker.Worker"}

# channels_redis waits for messages with BZPOPMIN for up to 5 s, and redis-py's default read
# timeout is 5 s too: on a busy machine the read gave up first and every WebSocket consumer
# died with "Timeout reading from ...". The read must outlast the blocking command.
CHANNEL_SOCKET_TIMEOUT_S = 30
CHANNEL_LAYERS = {
    "default": {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {
            "hosts": [{"address": REDIS_URL, "socket_timeout": CHANNEL_SOCKET_TIMEOUT_S}],
            "prefix": env_str("JUIZ_CHANNEL_PREFIX", "juiz"),
        },
    }
}

AUTH_USER_MODEL = "accounts.User"
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "team:home"
LOGOUT_REDIRECT_URL = "accounts:login"

AUTH_PASSWORD_VALIDATORS: list[dict[str, str]] = []

LANGUAGE_CODE = "en-us"
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "static"
MEDIA_ROOT = VAR_DIR / "media"
MEDIA_URL = "media/"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Judging: where workers cache test data (by content hash) and build boxes.
JUIZ_CACHE_DIR = Path(env_str("JUIZ_CACHE_DIR", str(VAR_DIR / "cache")))
# Builds reused across judgings (judging/builds.py) are kept in JUIZ_CACHE_DIR/builds, the
# least recently used going beyond this size.
JUIZ_BUILD_CACHE_MB = env_int("JUIZ_BUILD_CACHE_MB", 2048)
# What the engine judges function problems (and compiles TypeScript) with: the harnesses and
# the node tools setup installs (judge/engine_kit.py hands them to the engine).
JUIZ_HARNESS_DIR = Path(env_str("JUIZ_HARNESS_DIR", str(BASE_DIR / "harnesses")))
JUIZ_NODE_MODULES = Path(env_str("JUIZ_NODE_MODULES", str(BASE_DIR / "tools/node/node_modules")))
# Python's style tool (docs/judging.md, "Style"): the ruff of the virtual environment Juiz runs in.
JUIZ_RUFF = Path(env_str("JUIZ_RUFF", str(Path(sys.prefix) / "bin" / "ruff")))
# A judgement still "judging" after this many seconds is presumed lost with its worker.
JUIZ_JUDGING_DEADLINE_S = env_int("JUIZ_JUDGING_DEADLINE_S", 600)
JUIZ_MAX_RETRIES = env_int("JUIZ_MAX_RETRIES", 3)
# First retry after this many seconds, then 3x longer each time.
JUIZ_RETRY_BACKOFF_S = env_int("JUIZ_RETRY_BACKOFF_S", 5)
# How long a job keeps retrying, on a fresh connection, to claim a judgement or store its result
# when the database is unreachable (a PostgreSQL restart) before leaving it to the reaper.
JUIZ_STORE_RETRY_S = env_int("JUIZ_STORE_RETRY_S", 90)
# A judging job reports the tests done at most this often (and always the last): each report
# is a write and a live event, dearer than a typical test (judge/jobs/progress.py). 0: each test.
JUIZ_PROGRESS_EVERY_MS = env_int("JUIZ_PROGRESS_EVERY_MS", 250)
# How often `serve` (and `reap --every`) looks for judgements lost with their worker.
JUIZ_REAP_INTERVAL_S = env_int("JUIZ_REAP_INTERVAL_S", 30)

# Package and test-data zips uploaded by the jury are capped while they are extracted (a zip bomb
# stops at the cap): everything in all, any one file, and the number of files. The upload itself
# may be no larger than the whole.
JUIZ_PACKAGE_MAX_MIB = env_int("JUIZ_PACKAGE_MAX_MIB", 1024)
JUIZ_PACKAGE_FILE_MAX_MIB = env_int("JUIZ_PACKAGE_FILE_MAX_MIB", 256)
JUIZ_PACKAGE_MAX_FILES = env_int("JUIZ_PACKAGE_MAX_FILES", 10_000)
# Login rate limiting (accounts/throttle.py): failures before a lockout, per account and per
# client address (a contest hall often shares one), the first lockout and its cap (it doubles).
JUIZ_LOGIN_MAX_FAILURES = env_int("JUIZ_LOGIN_MAX_FAILURES", 5)
JUIZ_LOGIN_ADDRESS_MAX_FAILURES = env_int("JUIZ_LOGIN_ADDRESS_MAX_FAILURES", 30)
JUIZ_LOGIN_LOCKOUT_S = env_int("JUIZ_LOGIN_LOCKOUT_S", 30)
JUIZ_LOGIN_LOCKOUT_MAX_S = env_int("JUIZ_LOGIN_LOCKOUT_MAX_S", 3600)
# How long a successful API basic-auth check is remembered in the web process (0: never), so a
# client does not pay the password hash (~0.3 s) on every request (accounts/basic_auth.py).
JUIZ_BASIC_AUTH_CACHE_S = env_int("JUIZ_BASIC_AUTH_CACHE_S", 60)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}
