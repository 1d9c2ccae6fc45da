"""/jury/teams/: the list, an upload that imports or names its bad rows (status 400, nothing
written), the export downloads, and the password sheets shown once."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse

from accounts.models import Team, User
from tests.jury.conftest import ClientAs

pytestmark = pytest.mark.django_db

CSV = (
    b"team,organization,country,location,username\nAlpha,MIT,USA,R1,alpha1\nBeta,MIT,USA,R2,beta1\n"
)


def _upload(client: Client, name: str, data: bytes) -> HttpResponse:
    files = {"files": SimpleUploadedFile(name, data)}
    return client.post(reverse("jury:teams_import"), files)  # type: ignore[return-value]


def test_an_uploaded_csv_is_imported_and_listed(client_as: ClientAs, admin_user: User) -> None:
    admin = client_as(admin_user)
    response = _upload(admin, "teams.csv", CSV)
    assert response.status_code == 302
    page = admin.get(reverse("jury:teams")).content.decode()
    assert "created 1 organization, 2 teams, 2 accounts" in page
    assert 'data-team="Alpha"' in page and "alpha1 <span" in page  # no password yet


def test_a_bad_upload_names_the_row_and_field_and_writes_nothing(
    client_as: ClientAs, admin_user: User
) -> None:
    admin = client_as(admin_user)
    before = Team.objects.count()
    response = _upload(admin, "teams.csv", CSV + b"Gamma,Mars U,Mars,R3,g1\n")
    assert response.status_code == 400
    text = response.content.decode()
    assert "teams.csv row 4, country: &#x27;Mars&#x27; is not ISO 3166-1 alpha-3" in text
    assert Team.objects.count() == before


def test_each_export_downloads_as_a_file(client_as: ClientAs, admin_user: User) -> None:
    admin = client_as(admin_user)
    _upload(admin, "teams.csv", CSV)
    for name in ("teams.csv", "organizations.json", "groups.json", "teams.json", "accounts.json"):
        response = admin.get(reverse("jury:teams_export", args=[name]))
        assert response.status_code == 200
        assert response["Content-Disposition"] == f'attachment; filename="{name}"'
    csv = admin.get(reverse("jury:teams_export", args=["teams.csv"]))
    assert b"Alpha,MIT,USA,,R1,alpha1," in csv.content
    missing = admin.get(reverse("jury:teams_export", args=["secrets.txt"]))
    assert missing.status_code == 404


def test_generated_passwords_are_shown_once_one_sheet_per_team_and_log_in(
    client_as: ClientAs, admin_user: User
) -> None:
    admin = client_as(admin_user)
    _upload(admin, "teams.csv", CSV)
    response = admin.post(reverse("jury:teams_passwords"), {"scope": "missing"})
    assert response["Cache-Control"] == "no-store"
    page = response.content.decode()
    assert page.count("data-sheet>") == 2
    assert "break-after: page" in page  # one printed page per team
    found = dict(
        re.findall(
            r"data-username>([^<]+)</dd>\s*<dt>Password</dt><dd data-password>([^<]+)<", page
        )
    )
    assert set(found) == {"alpha1", "beta1"}
    assert User.objects.get(username="alpha1").check_password(found["alpha1"])
    assert found["alpha1"] not in User.objects.get(username="alpha1").password  # a hash is kept
    again = admin.post(reverse("jury:teams_passwords"), {"scope": "missing"})
    assert again.status_code == 302  # they all have one now: nothing shown again


def test_only_the_ticked_teams_get_new_passwords(client_as: ClientAs, admin_user: User) -> None:
    admin = client_as(admin_user)
    _upload(admin, "teams.csv", CSV)
    alpha = Team.objects.get(name="Alpha")
    response = admin.post(
        reverse("jury:teams_passwords"), {"scope": "all", "team": [str(alpha.pk)]}
    )
    assert response.content.decode().count("data-sheet>") == 1
    assert not User.objects.get(username="beta1").has_usable_password()


def test_a_team_without_an_account_gets_one_when_asked(
    client_as: ClientAs, admin_user: User
) -> None:
    admin = client_as(admin_user)
    _upload(admin, "teams.csv", "team,location\nCéu Azul,R9\nAlpha,R1\n".encode())
    Team.objects.create(name="Ceu-azul")  # the same slug as Céu Azul: one of them gets -2
    without = admin.post(reverse("jury:teams_passwords"), {"scope": "missing"})
    assert without.status_code == 302 and not User.objects.filter(role="team").exists()
    response = admin.post(reverse("jury:teams_passwords"), {"scope": "missing", "create": "on"})
    page = response.content.decode()
    names = sorted(User.objects.filter(role="team").values_list("username", flat=True))
    assert names == ["alpha", "ceu-azul", "ceu-azul-2"]
    assert page.count("data-sheet>") == 3
    assert User.objects.get(username="alpha").team == Team.objects.get(name="Alpha")
