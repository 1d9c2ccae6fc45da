"""The team's print page: a file uploaded or text pasted is sent; over a limit the page says
why with a 400 and nothing is stored; a team sees its own printouts only."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from accounts.models import User
from contest.models import Contest
from judge.models import Printout
from judge.services import printouts

pytestmark = pytest.mark.django_db


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_an_uploaded_file_is_sent(contest: Contest, team_user: User) -> None:
    upload = SimpleUploadedFile("sol.java", b"class A {}\n")
    response = _client(team_user).post(reverse("team:print"), {"file": upload}, follow=True)
    assert "sol.java was sent to the printer." in response.content.decode()
    printout = Printout.objects.get()
    assert (printout.team_id, printout.language) == (team_user.team_id, "Java")


def test_pasted_text_is_sent_under_its_file_name(contest: Contest, team_user: User) -> None:
    data = {"text": "print(1)\n", "file_name": "a.py"}
    _client(team_user).post(reverse("team:print"), data)
    assert Printout.objects.get().file_name == "a.py"
    _client(team_user).post(reverse("team:print"), {"text": "notes\n"})
    assert Printout.objects.filter(file_name="printout.txt").exists()


def test_nothing_to_print_is_a_400(contest: Contest, team_user: User) -> None:
    response = _client(team_user).post(reverse("team:print"), {"text": "  "})
    assert response.status_code == 400
    assert "Choose a file or paste the text" in response.content.decode()


def test_over_the_limits_is_a_400_that_says_why_and_stores_nothing(
    contest: Contest, team_user: User
) -> None:
    contest.print_max_kib, contest.print_max_per_team = 1, 1
    contest.save()
    client = _client(team_user)
    big = SimpleUploadedFile("big.c", b"x" * 2048)
    response = client.post(reverse("team:print"), {"file": big})
    assert response.status_code == 400
    assert "printouts may be at most 1 KiB" in response.content.decode()
    assert not Printout.objects.exists()
    client.post(reverse("team:print"), {"text": "one\n"})
    response = client.post(reverse("team:print"), {"text": "two\n"})
    assert response.status_code == 400
    assert "the 1 printouts this contest allows" in response.content.decode()
    assert Printout.objects.count() == 1


def test_a_team_sees_only_its_own_printouts(
    contest: Contest, team_user: User, other_team_user: User
) -> None:
    assert other_team_user.team is not None
    printouts.submit(
        team=other_team_user.team, contest=contest, file_name="THEIRS.c", content=b"x\n"
    )
    page = _client(team_user).get(reverse("team:print")).content.decode()
    assert "Nothing sent yet." in page and "THEIRS.c" not in page
    assert "THEIRS.c" in _client(other_team_user).get(reverse("team:print")).content.decode()


def test_the_jury_has_no_print_page(contest: Contest, judge_user: User) -> None:
    assert _client(judge_user).get(reverse("team:print")).status_code == 403
