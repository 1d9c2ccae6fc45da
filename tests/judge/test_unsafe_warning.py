"""JUIZ_UNSAFE_SANDBOX=1 must never pass unnoticed: every judgement a worker makes without
isolation logs the warning (issue: "printing a warning on every judgement")."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from pytest_django import DjangoCaptureOnCommitCallbacks, Settings
from redis import Redis

from accounts.models import User
from contest.engine import worker_sandbox
from contest.models import Language, Problem
from judge.jobs.judging import judge_judgement
from tests.judge.test_pipeline import C_AC
from tests.judge.test_robustness import _submission


@pytest.mark.django_db
def test_unsafe_sandbox_warns_on_every_judgement(
    problem: Problem,
    team_user: User,
    languages: dict[str, Language],
    redis_conn: Redis,
    settings: Settings,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    tmp_path: Path,
) -> None:
    settings.JUIZ_CACHE_DIR = tmp_path / "cache"
    monkeypatch.setenv("JUIZ_UNSAFE_SANDBOX", "1")
    worker_sandbox.cache_clear()  # the worker's sandbox is built once per process
    try:
        for _ in range(2):
            judgement = _submission(problem, team_user, "sum.c", C_AC)
            with caplog.at_level(logging.WARNING, logger="judge.jobs.judging"):
                caplog.clear()
                with django_capture_on_commit_callbacks(execute=True):
                    judge_judgement(judgement.pk)
            judgement.refresh_from_db()
            assert judgement.classification == "Accepted"
            warned = [r.getMessage() for r in caplog.records if "UNSAFE SANDBOX" in r.getMessage()]
            assert warned and f"judgement {judgement.pk}" in warned[0]
            assert any("UNSAFE SANDBOX" in w for w in judgement.report["warnings"])
    finally:
        worker_sandbox.cache_clear()
