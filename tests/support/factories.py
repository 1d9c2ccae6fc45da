"""Small builders for test data. Passwords are always "pw"."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from accounts.models import Team, User
from contest.models import Blob, Contest, Language, Problem, TestCase

PASSWORD = "pw"


def running_contest(**overrides: Any) -> Contest:
    now = timezone.now()
    fields: dict[str, Any] = {
        "name": "Test Contest",
        "short_name": "test",
        "start": now - timedelta(hours=1),
        "end": now + timedelta(hours=4),
    }
    fields.update(overrides)
    return Contest.objects.create(**fields)


def team(name: str, **fields: Any) -> Team:
    return Team.objects.create(name=name, **fields)


def user(username: str, *, role: str, team: Team | None = None, **fields: Any) -> User:
    return User.objects.create_user(
        username=username, password=PASSWORD, role=role, team=team, **fields
    )


def seed_languages() -> dict[str, Language]:
    from judging.languages import registry

    result = {}
    for config in registry.all_languages():
        lang = Language.from_config(config)
        lang.save()
        result[lang.id] = lang
    return result


def add_test(problem: Problem, order: int, name: str, data: bytes, answer: bytes) -> TestCase:
    return TestCase.objects.create(
        problem=problem,
        order=order,
        name=name,
        input=Blob.store(data),
        answer=Blob.store(answer),
        sample=order == 1,
    )


def sum_problem(contest: Contest, letter: str = "A", time_limit_s: float = 1.0) -> Problem:
    problem = Problem.objects.create(
        contest=contest,
        letter=letter,
        name="Sum",
        statement="Read two integers and print their sum.",
        time_limit_s=time_limit_s,
        memory_mb=256,
    )
    add_test(problem, 1, "sample/1", b"1 2\n", b"3\n")
    add_test(problem, 2, "secret/1", b"40 2\n", b"42\n")
    return problem


def answers_problem(contest: Contest, letter: str = "B", output_kib: int = 8192) -> Problem:
    """A submit-answer problem: the number of primes up to n, answered offline (two tests,
    whose answer files are 01.out and 02.out)."""
    problem = Problem.objects.create(
        contest=contest,
        letter=letter,
        name="Primes",
        statement="Count the primes up to n.",
        types=["pass-fail", "submit-answer"],
        output_kib=output_kib,
    )
    add_test(problem, 1, "sample/01", b"10\n", b"4\n")
    add_test(problem, 2, "secret/02", b"1000\n", b"168\n")
    return problem
