"""`check --deploy` fails, and the web server warns at start-up, while production mode
(DEBUG off) runs with the repository's built-in SECRET_KEY. Each case is a fresh process, as a
deployment would run it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WARNING = "SECRET_KEY is Juiz's built-in development key"
NOT_INHERITED = ("SECRET_KEY", "DEBUG", "PYTEST_XDIST_WORKER")


def _python(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in NOT_INHERITED}
    base.update(JUIZ_VAR_DIR=str(tmp_path), DJANGO_SETTINGS_MODULE="config.settings", **env)
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=base, capture_output=True, text=True
    )


def _manage(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return _python(tmp_path, "manage.py", *args, **env)


def test_check_deploy_fails_with_the_built_in_key_in_production(tmp_path: Path) -> None:
    done = _manage(tmp_path, "check", "--deploy", DEBUG="0")
    assert done.returncode == 1
    assert "(juiz.E001)" in done.stderr


@pytest.mark.parametrize("env", [{"SECRET_KEY": "x" * 60, "DEBUG": "0"}, {"DEBUG": "1"}])
def test_a_real_key_or_debug_mode_passes_and_warns_nothing(
    tmp_path: Path, env: dict[str, str]
) -> None:
    done = _manage(tmp_path, "check", "--deploy", "--fail-level", "ERROR", **env)
    assert "juiz.E001" not in done.stdout + done.stderr
    assert done.returncode == 0, done.stderr


def test_a_plain_check_does_not_fail_for_the_key(tmp_path: Path) -> None:
    done = _manage(tmp_path, "check", DEBUG="0")
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("module", ["config.asgi", "config.wsgi"])
def test_the_web_server_warns_at_start_up(tmp_path: Path, module: str) -> None:
    done = _python(tmp_path, "-c", f"import {module}", DEBUG="0")
    assert done.returncode == 0, done.stderr
    assert WARNING in done.stderr
    quiet = _python(tmp_path, "-c", f"import {module}", DEBUG="0", SECRET_KEY="y" * 60)
    assert WARNING not in quiet.stderr
