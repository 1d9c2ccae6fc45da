"""Compiler administration: audited changes of a language and its self-test on a worker.

The self-test itself is a job (judge/jobs/selftest.py) on a worker: the engine's self-test, the
language's own program judged with the real sandbox as a submission would be.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import django_rq
from django.db import transaction

from contest.models import Language
from contest.models.language import JUDGING_FIELDS
from judge.errors import ServiceError
from judge.models import AuditAction, LanguageSelfTest
from judge.services import audit

if TYPE_CHECKING:
    from accounts.models import User

SELFTEST_QUEUE = "default"
SELFTEST_JOB = "judge.jobs.selftest.run_selftest"


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


def request_selftest(*, language: Language, admin: User, environment: str = "") -> LanguageSelfTest:
    """Queue the self-test of the language in `environment` (its key; "": the default)."""
    if environment == language.default_environment:
        environment = ""
    if environment and not language.environments.filter(key=environment).exists():
        raise ServiceError(
            "unknown_environment", f"{language.name} has no environment {environment!r}."
        )
    with transaction.atomic():
        selftest = LanguageSelfTest.objects.create(
            language=language, requested_by=admin, environment=environment
        )
        audit.record(
            user=admin,
            action=AuditAction.LANGUAGE_TEST,
            target=f"language {language.pk}",
            after={"selftest": selftest.pk, "environment": environment},
        )
        transaction.on_commit(
            lambda: django_rq.get_queue(SELFTEST_QUEUE).enqueue(SELFTEST_JOB, selftest.pk)
        )
    return selftest
