"""manage.py demo creates what it says, once."""

from __future__ import annotations

import io
import re
from datetime import timedelta

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.utils import timezone

from accounts.models import Team, User
from contest.models import Contest, Language, Problem

pytestmark = pytest.mark.django_db


def _demo(*args: str) -> str:
    out = io.StringIO()
    call_command("demo", *args, stdout=out)
    return out.getvalue()


def test_demo_is_idempotent_and_complete() -> None:
    began = timezone.now()
    first = _demo()
    contest = Contest.objects.get(short_name="demo")
    now = timezone.now()
    assert contest.is_running()
    # Started ten minutes before the command ran (which may take a while on a busy machine).
    ten = timedelta(minutes=10)
    assert began - ten - timedelta(seconds=1) <= contest.start <= now - ten
    assert (contest.end - contest.start).total_seconds() == 5 * 3600
    assert contest.freeze_start is not None
    assert (contest.end - contest.freeze_start).total_seconds() == 3600
    problems = {p.letter: p for p in Problem.objects.filter(contest=contest)}
    assert sorted(problems) == ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M"]
    functions = {letter: p.library_id for letter, p in problems.items() if p.is_function}
    assert functions == {"F": "two-sum", "G": "reverse-linked-list", "H": "lru-cache"}
    assert all(p.case_file_id for p in problems.values() if p.is_function)
    assert (
        problems["B"].validation == "kattis" and "float_tolerance" in problems["B"].validator_flags
    )
    assert problems["C"].validation == "custom" and problems["C"].validator is not None
    assert sum(t.input.size for t in problems["D"].tests.all()) > 2_000_000
    assert problems["E"].validation == "mooshak"
    assert problems["I"].types == ["scoring"]
    groups = problems["I"].test_groups.values_list("name", "accept_score")
    assert sorted(groups) == [("secret", 1.0), ("secret/large", 70.0), ("secret/small", 30.0)]
    assert problems["J"].types == ["multi-pass", "pass-fail"]
    assert problems["J"].validation_passes == 2
    assert problems["K"].types == ["interactive", "pass-fail"]
    assert [name for name, _ in problems["K"].interactions] == ["sample/1"]
    assert problems["L"].is_submit_answer
    assert problems["M"].types == ["interactive", "multi-pass", "pass-fail"]
    assert problems["M"].validation_passes == 2
    assert [name for name, _ in problems["M"].interactions] == ["sample/1"]
    assert list(problems["L"].tests.values_list("name", flat=True)) == [
        "sample/01",
        "secret/02",
        "secret/03",
        "secret/04",
    ]
    enabled = set(Language.objects.filter(enabled=True).values_list("id", flat=True))
    assert {"c", "cpp", "java", "python3", "javascript"} <= enabled
    passwords = dict(re.findall(r"^\s+(\w+)\s+\w+\s+password (\S+)$", first, re.M))
    assert sorted(passwords) == ["admin", "judge", "team1", "team2", "team3"]
    for username, password in passwords.items():
        assert authenticate(username=username, password=password) is not None
        assert password not in User.objects.get(username=username).password  # only a hash
    assert User.objects.get(username="team2").team == Team.objects.get(name="Team 2")
    assert User.objects.get(username="admin").is_superuser

    counts = (
        Contest.objects.count(),
        Problem.objects.count(),
        User.objects.count(),
        Team.objects.count(),
        Language.objects.count(),
    )
    second = _demo()
    assert "password unchanged" in second and "password " + passwords["team1"] not in second
    assert counts == (
        Contest.objects.count(),
        Problem.objects.count(),
        User.objects.count(),
        Team.objects.count(),
        Language.objects.count(),
    )
    assert authenticate(username="team1", password=passwords["team1"]) is not None

    reset = dict(re.findall(r"^\s+(\w+)\s+\w+\s+password (\S+)$", _demo("--reset-passwords"), re.M))
    assert reset["team1"] != passwords["team1"]
    assert authenticate(username="team1", password=reset["team1"]) is not None
