"""Compiler administration: audited changes of a language and its self-test on a worker.

The self-test judges the language's own test program (LanguageConfig.selftest_source) with the
real engine and sandbox, exactly as a submission would be judged, so "passed" means the
toolchain works inside the box with the current command lines.
"""

from __future__ import annotations

import dataclasses
import functools
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import django_rq
from django.db import transaction
from django.utils import timezone

from contest.models import Language
from judge.engine_kit import engine_kit
from judge.models import AuditAction, LanguageSelfTest, SelfTestState
from judge.services import audit
from judging.classification import Classification
from judging.languages.base import LanguageConfig
from judging.report import Report

if TYPE_CHECKING:
    from accounts.models import User

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


def _exercise(config: LanguageConfig) -> Report:
    from judging.engine import SubmissionFile, judge
    from judging.problem.model import Problem, TestCase

    if not config.selftest_source:
        raise ValueError(f"language {config.id} has no self-test program")
    with tempfile.TemporaryDirectory(prefix="juiz-selftest-") as tmp:
        data, answer = Path(tmp, "selftest.in"), Path(tmp, "selftest.ans")
        data.write_text(config.selftest_input)
        answer.write_text(config.selftest_output)
        problem = Problem(
            id="selftest",
            name="self-test",
            time_limit_s=10.0,
            memory_mb=512,
            tests=(TestCase("selftest", data, answer),),
        )
        source = SubmissionFile(f"selftest.{config.extensions[0]}", config.selftest_source.encode())
        return judge(source, problem, [config], _sandbox(), kit=engine_kit(), language_id=config.id)


@functools.cache
def _sandbox() -> Any:
    from judging.sandbox import make_sandbox

    return make_sandbox()


def _record(selftest: LanguageSelfTest, config: LanguageConfig, report: Report) -> None:
    from judging.languages.registry import version

    passed = report.classification is Classification.ACCEPTED
    test = report.tests[0] if report.tests else None
    selftest.state = SelfTestState.PASSED if passed else SelfTestState.FAILED
    selftest.version = version(config, engine_kit())
    selftest.compile_output = report.compile.output if report.compile else ""
    selftest.output = test.output_preview if test else ""
    selftest.message = _message(report)
    selftest.finished_at = timezone.now()
    with transaction.atomic():
        selftest.save()
        if passed and selftest.version:
            Language.objects.filter(pk=config.id).update(version=selftest.version)


def _message(report: Report) -> str:
    parts = [report.classification.value, report.reason]
    if report.tests:
        parts.append(report.tests[0].checker_message)
    parts.extend(report.warnings)
    return " — ".join(part for part in parts if part)
