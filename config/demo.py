"""The demo: a running contest with five problems, enabled languages, an admin, a judge and
three teams. Idempotent: what exists is kept (passwords too, unless asked to reset them)."""

from __future__ import annotations

import secrets
import tempfile
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

from django.db import transaction
from django.utils import timezone

from accounts.models import Role, Team, User
from config.demo_problems import PROBLEMS, write_package
from contest.models import Contest, Environment, Language, Problem
from contest.services.languages import seed_environments, seed_languages
from contest.services.problem_import import import_package
from judge.errors import ServiceError
from judge.services.coverage import import_function_problem

SHORT_NAME = "demo"
CORE_LANGUAGES = ("c", "cpp", "java", "python3", "javascript", "typescript")
# Library function problems (library/); their references are verified by the workers.
FUNCTION_PROBLEMS = ("two-sum", "reverse-linked-list", "lru-cache")


@dataclass(frozen=True)
class Account:
    username: str
    role: str
    password: str | None  # None: it existed and kept its password


@dataclass(frozen=True)
class DemoResult:
    contest: Contest
    contest_created: bool
    problems_created: list[str]
    languages_created: list[str]
    accounts: list[Account]


def create_demo(*, reset_passwords: bool = False, restart: bool = False) -> DemoResult:
    languages = seed_languages(enable=CORE_LANGUAGES)
    Language.objects.filter(id__in=CORE_LANGUAGES).update(enabled=True)
    contest, created = _contest(restart)
    # The demo contest offers every environment this machine runs (PyPy, C++20, Java 21, ...).
    seed_environments()
    contest.environments.add(*Environment.objects.filter(enabled=True))
    problems = _problems(contest) + _function_problems(contest)
    accounts = _accounts(reset_passwords)
    return DemoResult(contest, created, problems, [lang.id for lang in languages], accounts)


def _contest(restart: bool) -> tuple[Contest, bool]:
    now = timezone.now().replace(microsecond=0)
    start = now - timedelta(minutes=10)
    times = {
        "start": start,
        "end": start + timedelta(hours=5),
        "freeze_start": start + timedelta(hours=4),
        "unfrozen_at": None,
    }
    contest, created = Contest.objects.get_or_create(
        short_name=SHORT_NAME, defaults={"name": "Juiz Demo Contest", **times}
    )
    if restart and not created:
        Contest.objects.filter(pk=contest.pk).update(**times)
        contest.refresh_from_db()
    return contest, created


def _problems(contest: Contest) -> list[str]:
    existing = set(Problem.objects.filter(contest=contest).values_list("letter", flat=True))
    created = []
    with tempfile.TemporaryDirectory(prefix="juiz-demo-") as tmp:
        for spec in PROBLEMS:
            if spec.letter in existing:
                continue
            problem = import_package(contest, spec.letter, write_package(spec, Path(tmp)))
            problem.color = spec.color
            problem.validation = spec.validation
            problem.save(update_fields=["color", "validation"])
            created.append(spec.letter)
    return created


def _function_problems(contest: Contest) -> list[str]:
    existing = set(Problem.objects.filter(contest=contest).values_list("library_id", flat=True))
    created = []
    for library_id in FUNCTION_PROBLEMS:
        if library_id in existing:
            continue
        try:
            problem = import_function_problem(contest, library_id)
        except ServiceError:
            continue  # a checkout without that library problem: the demo works without it
        created.append(problem.letter)
    return created


def _accounts(reset_passwords: bool) -> list[Account]:
    wanted = [("admin", Role.ADMIN, None), ("judge", Role.JUDGE, None)] + [
        (f"team{i}", Role.TEAM, f"Team {i}") for i in (1, 2, 3)
    ]
    return [_account(name, role, team, reset_passwords) for name, role, team in wanted]


@transaction.atomic
def _account(username: str, role: str, team_name: str | None, reset: bool) -> Account:
    team = Team.objects.get_or_create(name=team_name)[0] if team_name else None
    user, created = User.objects.get_or_create(
        username=username,
        defaults={
            "role": role,
            "team": team,
            "is_staff": role == Role.ADMIN,
            "is_superuser": role == Role.ADMIN,
        },
    )
    if not (created or reset):
        return Account(username, role, None)
    password = secrets.token_urlsafe(9)
    user.set_password(password)  # only the hash is stored; the clear text is shown once
    user.save()
    return Account(username, role, password)
