"""Problem data through the jury's admin pages: a whole Kattis package (imported by a real RQ
worker, with its own submissions judged as a check), and test data zips."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import Settings
from redis import Redis

from accounts.models import User
from contest.models import Contest, Language, Problem
from judge.models import AuditAction, AuditEntry, ImportState, PackageImport
from judge.services.package_import import current_step, publish_step
from tests.jury.conftest import ClientAs
from tests.support.burst_worker import burst

PACKAGE = Path(__file__).resolve().parent.parent / "packages" / "sum"


@pytest.fixture
def package_zip(tmp_path: Path) -> Path:
    return Path(shutil.make_archive(str(tmp_path / "sum"), "zip", PACKAGE.parent, PACKAGE.name))


def upload(client: Client, archive: Path, letter: str, **fields: object) -> PackageImport:
    """Post the zip to the import form; the answer is the import's page."""
    with archive.open("rb") as handle:
        response = client.post(
            reverse("jury:problem_import"), {"letter": letter, "archive": handle, **fields}
        )
    job = PackageImport.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("jury:package_import", args=[job.pk])
    return job


@pytest.mark.django_db(transaction=True)
@pytest.mark.worker
@pytest.mark.sandbox
def test_a_package_is_imported_by_a_worker_and_its_submissions_are_checked(
    contest: Contest,
    languages: dict[str, Language],
    admin_user: User,
    client_as: ClientAs,
    package_zip: Path,
    redis_conn: Redis,
) -> None:
    client = client_as(admin_user)
    job = upload(client, package_zip, "b", check="on")
    assert job.state == ImportState.QUEUED and not Problem.objects.filter(letter="B").exists()
    assert Path(job.archive_path).is_file()  # the upload waits on disk for the worker

    burst("default")

    job.refresh_from_db()
    assert job.state == ImportState.DONE, job.message
    assert not Path(job.archive_path).exists()
    problem = Problem.objects.get(contest=contest, letter="B")
    assert job.problem == problem and problem.name == "Sum of Two Numbers"
    entry = AuditEntry.objects.get(action=AuditAction.PROBLEM_DATA)
    assert entry.target == "problem B" and entry.before == {}
    assert [t["name"] for t in entry.after["tests"]] == list(
        problem.tests.order_by("order").values_list("name", flat=True)
    )
    rows = {row["submission"]: row for row in job.check_rows}
    assert rows["accepted/sum.py"]["agrees"] is True
    assert rows["wrong_answer/difference.py"]["got"] == "Wrong Answer"
    assert all(row["agrees"] for row in rows.values() if row["agrees"] is not None)
    assert job.check_summary.startswith(f"{len(rows)} of {len(rows)} judged submissions")
    page = client.get(reverse("jury:problem", args=[problem.pk])).content.decode()
    assert 'id="package-check"' in page and "wrong_answer/difference.py" in page


@pytest.mark.django_db(transaction=True)
@pytest.mark.worker
def test_a_broken_package_fails_on_its_page_with_its_reason_and_writes_nothing(
    contest: Contest, admin_user: User, client_as: ClientAs, tmp_path: Path, redis_conn: Redis
) -> None:
    broken = tmp_path / "broken.zip"
    broken.write_bytes(b"not a zip")
    client = client_as(admin_user)
    job = upload(client, broken, "C")

    burst("default")

    job.refresh_from_db()
    assert job.state == ImportState.FAILED
    assert "not a readable zip file" in job.message
    page = client.get(reverse("jury:package_import", args=[job.pk])).content.decode()
    assert "not a readable zip file" in page
    status = client.get(reverse("jury:package_import_status", args=[job.pk])).json()
    assert status["finished"] is True and status["state"] == "failed"
    assert not Problem.objects.filter(letter="C").exists()
    assert not AuditEntry.objects.exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.worker
def test_a_zip_bomb_stops_at_the_per_file_cap_of_the_settings(
    contest: Contest,
    admin_user: User,
    client_as: ClientAs,
    tmp_path: Path,
    redis_conn: Redis,
    settings: Settings,
) -> None:
    # 32 MiB of zeros in a few KiB of zip; the worker reads the cap from its environment.
    bomb = tmp_path / "bomb.zip"
    with zipfile.ZipFile(bomb, "w", compression=zipfile.ZIP_DEFLATED) as zipped:
        zipped.writestr("bomb/problem.yaml", "name: Bomb\n")
        zipped.writestr("bomb/data/secret/1.in", bytes(32 * 1024**2))
        zipped.writestr("bomb/data/secret/1.ans", "0\n")
    job = upload(client_as(admin_user), bomb, "D", time_limit_s="1")

    burst("default", env={"JUIZ_PACKAGE_FILE_MAX_MIB": "8"})

    job.refresh_from_db()
    assert job.state == ImportState.FAILED
    assert "'bomb/data/secret/1.in' extracts to 32.0 MiB, more than the 8.0 MiB" in job.message
    assert not Problem.objects.filter(letter="D").exists()


@pytest.mark.django_db
def test_an_upload_larger_than_the_cap_is_refused_at_once(
    contest: Contest,
    admin_user: User,
    client_as: ClientAs,
    package_zip: Path,
    settings: Settings,
) -> None:
    settings.JUIZ_PACKAGE_MAX_MIB = 0
    with package_zip.open("rb") as handle:
        response = client_as(admin_user).post(
            reverse("jury:problem_import"), {"letter": "E", "archive": handle}, follow=True
        )
    assert "the limit is 0 MiB" in response.content.decode()
    assert not PackageImport.objects.exists()


@pytest.mark.django_db
def test_the_page_shows_the_step_the_worker_publishes(
    contest: Contest, admin_user: User, client_as: ClientAs, redis_conn: Redis
) -> None:
    job = PackageImport.objects.create(
        contest=contest, letter="F", archive_name="f.zip", archive_path="/nonexistent"
    )
    assert current_step(job) == ""
    publish_step(job.pk, "storing test 3 of 40")
    assert current_step(job) == "storing test 3 of 40"
    status = client_as(admin_user).get(reverse("jury:package_import_status", args=[job.pk]))
    assert status.json()["step"] == "storing test 3 of 40"
    job.state = ImportState.DONE
    assert current_step(job) == ""


@pytest.mark.django_db
def test_a_package_zip_replaces_only_the_test_data(
    problem: Problem, admin_user: User, client_as: ClientAs, package_zip: Path
) -> None:
    with package_zip.open("rb") as handle:
        client_as(admin_user).post(
            reverse("jury:problem_tests", args=[problem.pk]), {"archive": handle}
        )

    names = list(problem.tests.order_by("order").values_list("name", "sample"))
    assert names[:2] == [("sample/1", True), ("sample/2", True)]
    assert ("secret/03-edge", False) in names
    problem.refresh_from_db()
    assert problem.name == "Sum"  # limits and statement stay as they were


@pytest.mark.django_db
def test_a_data_zip_keeps_its_groups_own_flags_and_args(
    problem: Problem, admin_user: User, client_as: ClientAs, tmp_path: Path
) -> None:
    # Legacy testdata.yaml: the group's flags replace the problem's for its tests only.
    archive = tmp_path / "data.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("pkg/data/secret/a/1.in", "1\n")
        zipped.writestr("pkg/data/secret/a/1.ans", "1\n")
        zipped.writestr(
            "pkg/data/secret/a/testdata.yaml", "output_validator_flags: case_sensitive\n"
        )
        zipped.writestr("pkg/data/secret/b/1.in", "2\n")
        zipped.writestr("pkg/data/secret/b/1.ans", "2\n")
    with archive.open("rb") as handle:
        client_as(admin_user).post(
            reverse("jury:problem_tests", args=[problem.pk]), {"archive": handle}
        )

    stored = dict(problem.tests.values_list("name", "validator_flags"))
    assert stored == {"secret/a/1": ["case_sensitive"], "secret/b/1": None}


@pytest.mark.django_db
def test_a_bad_import_form_says_which_field_is_wrong(
    contest: Contest, admin_user: User, client_as: ClientAs, package_zip: Path
) -> None:
    with package_zip.open("rb") as handle:
        response = client_as(admin_user).post(
            reverse("jury:problem_import"),
            {"letter": "G", "archive": handle, "time_limit_s": "-1"},
            follow=True,
        )
    assert response.status_code == 200
    assert "Time limit (s): Ensure this value is greater than or equal to 0.01." in (
        response.content.decode()
    )
    assert not PackageImport.objects.exists()
