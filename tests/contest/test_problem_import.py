"""Importing Kattis packages: the service (folder and zip), the command and the admin upload."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from pytest_django import Settings

from accounts.models import User
from config.demo_problems import PROBLEMS, write_package
from contest.models import Blob, Contest, Problem
from contest.services.problem_import import PackageError, import_package
from contest.testdata import unpacked_dir

pytestmark = pytest.mark.django_db

SPECS = {spec.slug: spec for spec in PROBLEMS}


def _zip(directory: Path) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for path in sorted(directory.rglob("*")):
            if path.is_file():
                archive.write(path, f"{directory.name}/{path.relative_to(directory)}")
    return buffer.getvalue()


def test_folder_import_stores_tests_limits_and_statement(contest: Contest, tmp_path: Path) -> None:
    package = write_package(SPECS["average"], tmp_path)
    problem = import_package(contest, "B", package)
    assert problem.name == "Average"
    assert (problem.time_limit_s, problem.time_limit_source) == (1.0, "problem.yaml")
    assert problem.validation == "kattis"
    assert problem.validator_flags == "float_tolerance 1e-6"
    assert "mean" in problem.statement
    tests = list(problem.tests.order_by("order"))
    assert [t.sample for t in tests] == [True, True, False, False, False, False]
    first = tests[0]
    assert first.input.read() == (package / "data" / "sample" / "01.in").read_bytes()
    assert first.answer.read() == (package / "data" / "sample" / "01.ans").read_bytes()


def test_a_zip_import_keeps_its_custom_validator(
    contest: Contest, tmp_path: Path, settings: Settings
) -> None:
    settings.JUIZ_CACHE_DIR = tmp_path / "cache"
    archive = tmp_path / "divisor.zip"
    archive.write_bytes(_zip(write_package(SPECS["divisor"], tmp_path / "src")))
    problem = import_package(contest, "C", archive)
    assert problem.validation == "custom"
    assert problem.validator is not None
    unpacked = unpacked_dir(problem.validator_id)
    assert (unpacked / "validator.py").read_text() == SPECS["divisor"].validator


def test_reimport_replaces_in_place(contest: Contest, tmp_path: Path) -> None:
    first = import_package(contest, "A", write_package(SPECS["sum"], tmp_path))
    again = import_package(contest, "A", write_package(SPECS["sum"], tmp_path / "again"))
    assert first.pk == again.pk
    assert again.tests.count() == len(SPECS["sum"].tests())
    assert Problem.objects.filter(contest=contest).count() == 1


def test_invalid_package_stores_nothing(contest: Contest, tmp_path: Path) -> None:
    package = write_package(SPECS["sum"], tmp_path)
    (package / "problem.yaml").write_text("name: X\nlimits: 3\n")
    with pytest.raises(PackageError, match="limits must be a mapping"):
        import_package(contest, "A", package)
    assert not Problem.objects.exists() and not Blob.objects.exists()


def test_the_import_problem_command_imports_and_says_why_it_refuses(
    contest: Contest, tmp_path: Path
) -> None:
    package = write_package(SPECS["spacing"], tmp_path)
    out = io.StringIO()
    call_command("import_problem", "test", "E", str(package), stdout=out)
    assert "E. Exact Spacing: 4 tests" in out.getvalue()
    with pytest.raises(CommandError, match="no contest"):
        call_command("import_problem", "nope", "E", str(package))
    with pytest.raises(CommandError, match=r"problem\.yaml"):
        call_command("import_problem", "test", "F", str(tmp_path))


def test_the_admin_problem_list_leads_to_the_jury_import_run_by_a_worker(
    admin_user: User,
) -> None:
    client = Client()
    client.force_login(admin_user)
    page = client.get(reverse("admin:contest_problem_changelist")).content.decode()
    assert f'href="{reverse("jury:problems")}#import"' in page


def test_admin_pages_render(problem: Problem, admin_user: User) -> None:
    client = Client()
    client.force_login(admin_user)
    for name, args in [
        ("admin:contest_problem_change", [problem.pk]),
        ("admin:contest_blob_changelist", []),
        ("admin:accounts_team_changelist", []),
        ("admin:judge_submission_changelist", []),
        ("admin:judge_judgement_changelist", []),
        ("admin:judge_rejudgeset_changelist", []),
        ("admin:judge_languageselftest_changelist", []),
        ("admin:judge_auditentry_changelist", []),
        ("admin:accounts_user_changelist", []),
        ("admin:contest_language_changelist", []),
        ("admin:contest_contest_change", [problem.contest.pk]),
    ]:
        response = client.get(reverse(name, args=args))
        assert response.status_code == 200, name
    blobs = client.get(reverse("admin:contest_blob_changelist")).content.decode()
    assert "4 bytes" in blobs  # readable sizes


def test_pdf_statement_is_imported_and_served(
    contest: Contest, tmp_path: Path, settings: Settings, team_user: User
) -> None:
    settings.MEDIA_ROOT = tmp_path / "media"
    package = write_package(SPECS["sum"], tmp_path)
    (package / "problem_statement" / "problem.en.pdf").write_bytes(b"%PDF-1.4 statement of A")
    problem = import_package(contest, "A", package)
    client = Client()
    client.force_login(team_user)
    assert (
        reverse("team:problem_pdf", args=["A"])
        in client.get(reverse("team:problems")).content.decode()
    )
    response = client.get(reverse("team:problem_pdf", args=["A"]))
    assert response["Content-Type"] == "application/pdf"
    assert b"".join(response.streaming_content) == b"%PDF-1.4 statement of A"
    response.close()
    assert problem.statement_pdf.name.endswith(".pdf")


def test_uncalibrated_package_without_sandbox_is_a_clear_error(
    contest: Contest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # primes fixes no time limit: importing it means calibrating, which needs the sandbox.
    monkeypatch.setenv("JUIZ_BWRAP", "/nonexistent/bwrap")
    monkeypatch.delenv("JUIZ_UNSAFE_SANDBOX", raising=False)
    monkeypatch.setenv("JUIZ_CACHE_DIR", str(tmp_path / "empty-cache"))
    primes = Path(__file__).resolve().parents[1] / "packages" / "primes"
    with pytest.raises(PackageError, match="give a time limit"):
        import_package(contest, "P", primes)
    assert not Problem.objects.filter(contest=contest, letter="P").exists()
    problem = import_package(contest, "P", primes, time_limit_s=1.5)
    assert (problem.time_limit_s, problem.time_limit_source) == (1.5, "override")
