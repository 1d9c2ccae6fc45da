"""Hostile input to the team pages is a clear 4xx page, never a server error."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from contest.models import Language, Problem
from judge.models import Submission
from judge.services.submit import submit

pytestmark = pytest.mark.django_db

SOURCE = b"print(sum(map(int, input().split())))\n"


def _client(user: User) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


@pytest.mark.parametrize("path", ["/problems/%00/", "/problems/%00/statement.pdf", "/?x=%00"])
def test_a_nul_in_the_url_is_a_400_page(problem: Problem, team_user: User, path: str) -> None:
    response = _client(team_user).get(path)
    assert response.status_code == 400
    assert "Bad request" in response.content.decode()  # the site's error page


@pytest.mark.parametrize("pk", ["²", "\u0661", "9" * 5000])
def test_a_submission_number_of_non_ascii_digits_is_404(team_user: User, pk: str) -> None:
    assert _client(team_user).get(f"/submissions/{pk}/").status_code == 404


@pytest.mark.parametrize("name", ["su\r\nm.py", "sum.py\nX-Evil: 1", "a\tb.py", "a\x00.py"])
def test_a_pasted_file_name_with_a_line_break_is_refused_with_a_message(
    problem: Problem, languages: dict[str, Language], team_user: User, name: str
) -> None:
    response = _client(team_user).post(
        reverse("team:submit"),
        {"problem": problem.pk, "language": "python3", "filename": name, "code": "print(1)"},
    )
    assert response.status_code == 200
    assert Submission.objects.count() == 0
    html = response.content.decode()
    assert "control characters" in html or "Null characters" in html


def test_the_source_page_of_a_name_with_a_line_break_stored_earlier_still_opens(
    problem: Problem, languages: dict[str, Language], team_user: User
) -> None:
    sub = submit(
        user=team_user, contest=problem.contest, problem=problem, filename="sum.py", source=SOURCE
    )
    Submission.objects.filter(pk=sub.pk).update(filename="su\r\nm.py")  # as before the check
    response = _client(team_user).get(reverse("team:submission_source", args=[sub.pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == "inline; filename*=utf-8''su%0D%0Am.py"
    assert _client(team_user).get(reverse("team:submission", args=[sub.pk])).status_code == 200


def test_a_quote_in_the_file_name_is_escaped_in_the_header(
    problem: Problem, languages: dict[str, Language], team_user: User
) -> None:
    sub = submit(
        user=team_user, contest=problem.contest, problem=problem, filename='a"b.py', source=SOURCE
    )
    response = _client(team_user).get(reverse("team:submission_source", args=[sub.pk]))
    assert response["Content-Disposition"] == 'inline; filename="a\\"b.py"'
