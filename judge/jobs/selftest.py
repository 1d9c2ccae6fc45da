"""The RQ job of a compiler self-test: the engine's self-test (judging/selftest.py),
the language's own program judged with the real engine and sandbox exactly as a submission
would be, so "passed" means the toolchain works inside the box with the current command lines.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone

from contest.engine import engine_kit, worker_sandbox
from contest.models import Environment, Language
from judge.jobs.judging import worker_name
from judge.models import LanguageSelfTest, SelfTestState
from live import events as live_events

if TYPE_CHECKING:
    from judging.selftest import SelfTestResult


def run_selftest(selftest_id: int) -> None:
    """Compile and run the self-test program, compare, record the compiler version."""
    from judging.selftest import self_test

    claimed = LanguageSelfTest.objects.filter(pk=selftest_id, state=SelfTestState.QUEUED).update(
        state=SelfTestState.RUNNING, worker=worker_name()
    )
    if claimed != 1:
        return  # already run (a job may be delivered twice)
    live_events.selftest_changed(selftest_id)  # running (autocommit: published at once)
    selftest = LanguageSelfTest.objects.select_related("language").get(pk=selftest_id)
    config = dataclasses.replace(selftest.language.to_config(selftest.environment), enabled=True)
    try:
        _record(selftest, self_test(config, worker_sandbox(), engine_kit()))
    except Exception as exc:  # the page must show what broke, not a test stuck "running"
        selftest.state = SelfTestState.FAILED
        selftest.message = f"{type(exc).__name__}: {exc}"
        selftest.finished_at = timezone.now()
        selftest.save()
        live_events.selftest_changed(selftest_id)
        raise


def _record(selftest: LanguageSelfTest, result: SelfTestResult) -> None:
    # An unavailable toolchain is a failed self-test here, its message saying what is missing.
    selftest.state = SelfTestState.PASSED if result.ok else SelfTestState.FAILED
    selftest.version = result.version
    selftest.compile_output = result.compile_output
    selftest.output = result.output
    selftest.message = result.message
    selftest.finished_at = timezone.now()
    with transaction.atomic():
        selftest.save()
        live_events.selftest_changed(selftest.pk)
        if result.ok and selftest.version and selftest.environment:
            Environment.objects.filter(
                language_id=selftest.language_id, key=selftest.environment
            ).update(version=selftest.version)
        elif result.ok and selftest.version:
            Language.objects.filter(pk=selftest.language_id).update(version=selftest.version)
