"""Problem data through the jury's admin pages: a whole Kattis package, and test data zips."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from django.urls import reverse

from accounts.models import User
from contest.models import Contest, Problem
from judge.models import AuditAction, AuditEntry
from tests.jury.conftest import ClientAs

pytestmark = pytest.mark.django_db

PACKAGE = Path(__file__).resolve().parent.parent / "packages" / "sum"


@pytest.fixture
def package_zip(tmp_path: Path) -> Path:
    return Path(shutil.make_archive(str(tmp_path / "sum"), "zip", PACKAGE.parent, PACKAGE.name))


def test_a_package_is_imported_under_a_letter_with_an_audit_entry(
    contest: Contest, admin_user: User, client_as: ClientAs, package_zip: Path
) -> None:
    with package_zip.open("rb") as upload:
        response = client_as(admin_user).post(
            reverse("jury:problem_import"), {"letter": "b", "archive": upload}
        )

    problem = Problem.objects.get(contest=contest, letter="B")
    assert response["Location"] == reverse("jury:problem", args=[problem.pk])
    assert problem.name == "Sum of Two Numbers"
    assert problem.time_limit_s == 0.5
    entry = AuditEntry.objects.get(action=AuditAction.PROBLEM_DATA)
    assert entry.target == "problem B"
    assert entry.before == {}
    assert [t["name"] for t in entry.after["tests"]] == list(
        problem.tests.order_by("order").values_list("name", flat=True)
    )


def test_a_broken_package_is_refused_with_its_reason(
    contest: Contest, admin_user: User, client_as: ClientAs, tmp_path: Path
) -> None:
    broken = tmp_path / "broken.zip"
    broken.write_bytes(b"not a zip")
    with broken.open("rb") as upload:
        response = client_as(admin_user).post(
            reverse("jury:problem_import"), {"letter": "C", "archive": upload}, follow=True
        )

    assert "not a readable zip file" in response.content.decode()
    assert not Problem.objects.filter(letter="C").exists()
    assert not AuditEntry.objects.exists()


def test_a_package_zip_replaces_only_the_test_data(
    problem: Problem, admin_user: User, client_as: ClientAs, package_zip: Path
) -> None:
    with package_zip.open("rb") as upload:
        client_as(admin_user).post(
            reverse("jury:problem_tests", args=[problem.pk]), {"archive": upload}
        )

    names = list(problem.tests.order_by("order").values_list("name", "sample"))
    assert names[:2] == [("sample/1", True), ("sample/2", True)]
    assert ("secret/03-edge", False) in names
    problem.refresh_from_db()
    assert problem.name == "Sum"  # limits and statement stay as they were
