"""The jury's problem page says what an imported package set and what it left to the
contest: the limits that are the contest's package defaults, the default validator's number
grammar, the language restriction and each test's own flags and arguments. A limit the jury
sets is no longer called a default."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import Settings

from accounts.models import User
from contest.models import Contest
from contest.services.problem_import import import_package
from jury.forms import PROBLEM_FIELDS
from tests.jury.conftest import ClientAs
from tests.support.packages import write_package

pytestmark = pytest.mark.django_db

PACKAGE = {
    "problem.yaml": (
        "problem_format_version: 2023-07\nname: Shown\nlimits:\n  time_limit: 1\n"
        "  memory: 300\nlanguages: [cpp]\n"
    ),
    "data/secret/a.in": "1\n",
    "data/secret/a.ans": "1\n",
    "data/secret/b.in": "2\n",
    "data/secret/b.ans": "2\n",
    "data/secret/b.yaml": "args: [--big]\noutput_validator_args: [float_tolerance, '0.5']\n",
}


@pytest.fixture
def admin(client_as: ClientAs, admin_user: User) -> Client:
    return client_as(admin_user)


def test_the_page_shows_the_defaults_grammar_languages_and_test_flags(
    admin: Client, contest: Contest, tmp_path: Path, settings: Settings
) -> None:
    settings.JUIZ_CACHE_DIR = tmp_path / "cache"
    problem = import_package(contest, "A", write_package(tmp_path / "shown", PACKAGE))
    html = admin.get(reverse("jury:problem", args=[problem.pk])).content.decode()
    assert 'data-defaulted="output_kib"' in html
    assert 'data-defaulted="source_size_kib"' in html
    assert 'data-defaulted="memory_mb"' not in html  # the package sets it
    assert "2023-07 (the format's General requirements" in html
    assert "only cpp: other languages are refused" in html
    assert "flags: float_tolerance 0.5" in html
    assert "args: --big" in html


def test_a_limit_the_jury_sets_is_no_longer_the_contests_default(
    admin: Client, contest: Contest, tmp_path: Path, settings: Settings
) -> None:
    settings.JUIZ_CACHE_DIR = tmp_path / "cache"
    problem = import_package(contest, "A", write_package(tmp_path / "shown", PACKAGE))
    data = {name: getattr(problem, name) for name in PROBLEM_FIELDS} | {"output_kib": 1024}
    response = admin.post(reverse("jury:problem", args=[problem.pk]), data)
    assert response.status_code == 302
    problem.refresh_from_db()
    assert problem.defaulted_limits == ["code"]
    html = admin.get(reverse("jury:problem", args=[problem.pk])).content.decode()
    assert 'data-defaulted="output_kib"' not in html
    assert 'data-defaulted="source_size_kib"' in html
