"""The submit form's upload messages: one clear message for each mistake, and a file above the
problem's source limit is told both sizes. Nothing is stored when the form refuses."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from accounts.models import User
from contest.models import Language, Problem
from judge.models import Submission

pytestmark = pytest.mark.django_db


@pytest.fixture
def client(team_user: User, problem: Problem, languages: dict[str, Language]) -> Client:
    client = Client()
    client.force_login(team_user)
    return client


def _upload(client: Client, problem: Problem, content: bytes, name: str = "sum.py") -> str:
    upload = SimpleUploadedFile(name, content, content_type="text/x-python")
    response = client.post(reverse("team:submit"), {"problem": problem.pk, "file": upload})
    assert response.status_code == 200, "a refusal shows the form again"
    assert not Submission.objects.exists()
    return response.content.decode()


def test_an_empty_file_gets_one_message(client: Client, problem: Problem) -> None:
    html = _upload(client, problem, b"")
    assert "The file is empty" in html
    assert "Upload a file or paste the program." not in html
    assert "The submitted file is empty." not in html  # Django's wording, said once ours is
    assert html.count('class="errorlist') == 1


def test_a_file_above_the_limit_says_its_size_and_the_limit(
    client: Client, problem: Problem
) -> None:
    assert problem.source_size_kib == 256
    html = _upload(client, problem, b"#" * (300 * 1024))
    assert "The file is 300 KiB; the limit is 256 KiB." in html


def test_a_file_one_byte_over_never_reads_as_the_limit(client: Client, problem: Problem) -> None:
    problem.source_size_kib = 1
    problem.save()
    html = _upload(client, problem, b"#" * 1025)
    assert "The file is 1.1 KiB; the limit is 1 KiB." in html


def test_a_file_at_the_limit_is_accepted(client: Client, problem: Problem) -> None:
    problem.source_size_kib = 1
    problem.save()
    source = b"print(sum(map(int, input().split())))\n"
    upload = SimpleUploadedFile("sum.py", source + b"#" * (1024 - len(source) - 1) + b"\n")
    response = client.post(reverse("team:submit"), {"problem": problem.pk, "file": upload})
    assert response.status_code == 302
    assert Submission.objects.count() == 1


def test_nothing_uploaded_nor_pasted_asks_for_one_of_them(client: Client, problem: Problem) -> None:
    response = client.post(reverse("team:submit"), {"problem": problem.pk, "code": "  "})
    html = response.content.decode()
    assert html.count("Upload a file or paste the program.") == 1
    assert "The file is empty" not in html
