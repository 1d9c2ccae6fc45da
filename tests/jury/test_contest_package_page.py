"""The admins' upload of a Contest Package: imported, or refused with every file and field at
fault (400) and nothing written."""

from __future__ import annotations

import io
import zipfile
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from accounts.models import User
from contest.models import Contest
from tests.jury.conftest import ClientAs

pytestmark = pytest.mark.django_db

CONTEST = "id: winter\nname: Winter Cup\nstart_time: 2026-01-10T10:00:00Z\nduration: 2:00:00\n"


def _zip(files: dict[str, str]) -> SimpleUploadedFile:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in files.items():
            archive.writestr(f"winter/{name}", text)
    return SimpleUploadedFile("winter.zip", buffer.getvalue(), content_type="application/zip")


def _post(client: Client, files: dict[str, str]) -> Any:
    url = reverse("jury:contest_package_import")
    return client.post(url, {"package": _zip(files)})


def test_a_package_is_imported_and_the_page_says_what_was(
    client_as: ClientAs, admin_user: User
) -> None:
    client = client_as(admin_user)
    teams = '[{"id": "w1", "name": "Snow"}]'
    response = _post(client, {"contest.yaml": CONTEST, "teams.json": teams})
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    assert "contest &#x27;winter&#x27; created" in page
    assert Contest.objects.get(short_name="winter").name == "Winter Cup"


def test_a_refused_package_lists_the_file_and_field(client_as: ClientAs, admin_user: User) -> None:
    teams = '[{"id": "w1"}]'
    response = _post(client_as(admin_user), {"contest.yaml": CONTEST, "teams.json": teams})
    assert response.status_code == 400
    assert "teams.json, [1].name: is required" in response.content.decode()
    assert not Contest.objects.filter(short_name="winter").exists()
