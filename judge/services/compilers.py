"""Compiler administration: audited changes of a language and its self-test on a worker.

The self-test is the engine's (judging/languages/selftest.py): the language's own test program
(LanguageConfig.selftest_source) judged with the real engine and sandbox, exactly as a
submission would be, so "passed" means the toolchain works inside the box with the current
command lines.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import django_rq
from django.db import transaction
from django.utils import timezone

from contest.models import Language
from judge.engine_kit import engine_kit
from judge.models import AuditAction, LanguageSelfTest, SelfTestState
from judge.services import audit
from judging.languages.base import LanguageConfig

if TYPE_CHECKING:
    from accounts.models import User
    from judging.languages.selftest import SelfTestResult

SELFTEST_QUEUE = "default"
SELFTEST_JOB = "judge.services.compilers.run_selftest"

# Fields whose change can change a verdict: after such a change the jury is offered a rejudge.
JUDGING_FIELDS = frozenset(
    {
        "compile_command",
        "run_command",
        "source_name",
        "exe",
        "time_factor",
        "memory_overhead_mb",
        "address_space_limit",
        "warnings_are_errors",
        "compile_processes",
        "run_processes",
    }
)


def update_language(
    *, language: Language, admin: User, changes: Mapping[str, Any]
) -> dict[str, tuple[Any, Any]]:
    """Save the changed settings with an audit entry; return {field: (before, after)}."""
    with transaction.atomic():
        locked = Language.objects.select_for_update().get(pk=language.pk)
        return audit.update_fields(
            locked,
            changes,
            user=admin,
            action=AuditAction.LANGUAGE_CHANGE,
            target=f"language {locked.pk}",
        )


def affects_judging(changed: Mapping[str, object]) -> bool:
    return not JUDGING_FIELDS.isdisjoint(changed)


def request_selftest(*, language: Language, admin: User) -> LanguageSelfTest:
    with transaction.atomic():
        selftest = LanguageSelfTest.objects.create(language=language, requested_by=admin)
        audit.record(
            user=admin,
            action=AuditAction.LANGUAGE_TEST,
            target=f"language {language.pk}",
            after={"selftest": selftest.pk},
        )
        transaction.on_commit(
            lambda: django_rq.get_queue(SELFTEST_QUEUE).enqueue(SELFTEST_JOB, selftest.pk)
        )
    return selftest


def run_selftest(selftest_id: int) -> None:
    """RQ job: compile and run the self-test program, compare, record the compiler version."""
    from judge.jobs import worker_name

    claimed = LanguageSelfTest.objects.filter(pk=selftest_id, state=SelfTestState.QUEUED).update(
        state=SelfTestState.RUNNING, worker=worker_name()
    )
    if claimed != 1:
        return  # already run (a job may be delivered twice)
    selftest = LanguageSelfTest.objects.select_related("language").get(pk=selftest_id)
    config = dataclasses.replace(selftest.language.to_config(), enabled=True)
    try:
        _record(selftest, config, _exercise(config))
    except Exception as exc:  # the page must show what broke, not a test stuck "running"
        selftest.state = SelfTestState.FAILED
        selftest.message = f"{type(exc).__name__}: {exc}"
        selftest.finished_at = timezone.now()
        selftest.save()
        raise


def _exercise(config: LanguageConfig) -> SelfTestResult:
    from judging.languages.selftest import self_test

    return self_test(config, _sandbox(), engine_kit())


@functools.cache
def _sandbox() -> Any:
    from judging.sandbox import make_sandbox

    return make_sandbox()


def _record(selftest: LanguageSelfTest, config: LanguageConfig, result: SelfTestResult) -> None:
    # An unavailable toolchain is a failed self-test here, its message saying what is missing.
    selftest.state = SelfTestState.PASSED if result.ok else SelfTestState.FAILED
    selftest.version = result.version
    selftest.compile_output = result.compile_output
    selftest.output = result.output
    selftest.message = result.message
    selftest.finished_at = timezone.now()
    with transaction.atomic():
        selftest.save()
        if result.ok and selftest.version:
            Language.objects.filter(pk=config.id).update(version=selftest.version)
