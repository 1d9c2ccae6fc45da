"""The compiler self-test, run by its job in-process with the real engine and sandbox."""

from __future__ import annotations

import pytest

from accounts.models import User
from contest.models import Language
from judge.jobs import selftest as selftest_job
from judge.models import AuditAction, AuditEntry, LanguageSelfTest, SelfTestState
from judge.services import compilers

pytestmark = [pytest.mark.django_db, pytest.mark.sandbox]


def run(language: Language, admin: User) -> LanguageSelfTest:
    selftest = compilers.request_selftest(language=language, admin=admin)
    selftest_job.run_selftest(selftest.pk)
    selftest.refresh_from_db()
    language.refresh_from_db()
    return selftest


def test_a_working_language_passes_and_records_its_version(
    python: Language, admin_user: User
) -> None:
    python.version = ""
    python.save()

    selftest = run(python, admin_user)

    assert selftest.state == SelfTestState.PASSED, selftest.message
    assert selftest.version.startswith("Python 3.")
    assert python.version == selftest.version
    assert selftest.output == "42\n"
    assert AuditEntry.objects.get(action=AuditAction.LANGUAGE_TEST).target == "language python3"


def test_a_broken_run_command_fails_and_keeps_the_old_version(
    python: Language, admin_user: User
) -> None:
    python.version = "old"
    python.run_command = "{python} -c 'print(41)'"
    python.save()

    selftest = run(python, admin_user)

    assert selftest.state == SelfTestState.FAILED
    assert selftest.message.startswith("Wrong Answer")
    assert python.version == "old"


def test_an_unavailable_toolchain_fails_with_what_is_missing(
    python: Language, admin_user: User
) -> None:
    python.compile_command = "no-such-compiler-xyz {source}"
    python.save()

    selftest = run(python, admin_user)

    assert selftest.state == SelfTestState.FAILED
    assert selftest.message == "not found: no-such-compiler-xyz"


def test_a_job_delivered_twice_runs_once(python: Language, admin_user: User) -> None:
    selftest = run(python, admin_user)
    finished = selftest.finished_at

    selftest_job.run_selftest(selftest.pk)

    selftest.refresh_from_db()
    assert selftest.finished_at == finished
