"""The printout queue's pages: each printout with team, location, time, file name and size; its
PDF downloads; the print command's success and failure reach the runner as messages, never a
server error; delivery from the page."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from django.urls import reverse

from accounts.models import Team, User
from contest.models import Contest
from judge.models import Printout
from judge.services import printouts
from tests.jury.conftest import ClientAs

pytestmark = pytest.mark.django_db


@pytest.fixture
def printout(contest: Contest, team: Team) -> Printout:
    team.location = "Room 3, desk 9"
    team.save()
    return printouts.submit(
        team=team, contest=contest, file_name="main.cpp", content=b"int main() {}\n" * 100
    )


def _queue(client_as: ClientAs, user: User, contest: Contest) -> str:
    response = client_as(user).get(reverse("jury:prints") + f"?contest={contest.pk}")
    assert response.status_code == 200
    return response.content.decode()


def test_the_queue_lists_each_printout_for_the_runners(
    client_as: ClientAs, runner_user: User, contest: Contest, printout: Printout
) -> None:
    page = _queue(client_as, runner_user, contest)
    for wanted in (
        "Alpha",
        "Room 3, desk 9",
        "main.cpp",
        "C++",
        "1.4 KiB",
        'data-live-kind="prints"',
    ):
        assert wanted in page
    assert "No print command is set" in page and "data-print>" not in page


def test_the_pdf_downloads(client_as: ClientAs, runner_user: User, printout: Printout) -> None:
    response = client_as(runner_user).get(reverse("jury:print_pdf", args=[printout.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert (
        response["Content-Disposition"]
        == f'attachment; filename="printout-{printout.pk}-Alpha.pdf"'
    )
    assert response.content.startswith(b"%PDF-")


def test_a_print_command_that_fails_is_a_message_to_the_runner(
    client_as: ClientAs, runner_user: User, contest: Contest, printout: Printout, tmp_path: Path
) -> None:
    script = tmp_path / "lp"
    script.write_text(f"#!{sys.executable}\nimport sys\nsys.exit('lp: no such printer')\n")
    script.chmod(0o755)
    contest.print_command = str(script)
    contest.save()
    assert "data-print>" in _queue(client_as, runner_user, contest)
    client = client_as(runner_user)
    response = client.post(reverse("jury:print_send", args=[printout.pk]), follow=True)
    assert response.status_code == 200
    assert "no such printer" in response.content.decode()
    script.write_text(f"#!{sys.executable}\n")
    response = client.post(reverse("jury:print_send", args=[printout.pk]), follow=True)
    assert "Printed." in response.content.decode()
    assert "printed " in response.content.decode()


def test_delivering_from_the_page(
    client_as: ClientAs, runner_user: User, contest: Contest, printout: Printout
) -> None:
    client = client_as(runner_user)
    response = client.post(reverse("jury:print_deliver", args=[printout.pk]), follow=True)
    assert "Printout delivered." in response.content.decode()
    assert "Delivered by runner" in response.content.decode()
    again = client.post(reverse("jury:print_deliver", args=[printout.pk]), follow=True)
    assert "Already delivered." in again.content.decode()


def test_the_admin_sets_the_command_and_limits_in_the_contest_settings(
    client_as: ClientAs, admin_user: User, contest: Contest
) -> None:
    page = client_as(admin_user).get(reverse("jury:contest_settings")).content.decode()
    for name in ("print_command", "print_max_kib", "print_max_per_team"):
        assert f'name="{name}"' in page
