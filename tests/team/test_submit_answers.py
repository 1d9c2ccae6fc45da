"""A submit-answer problem on the team's pages (docs/kinds.md): its statement lists each test's
input to download and the answer file's name, the submit form takes several answer files or a
zip of them, a bad upload is refused with the reason and nothing is stored, and the
submission's pages show the answer files in the "Answer files" language."""

from __future__ import annotations

import io
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from accounts.models import User
from contest.models import Contest, Language, Problem
from judge.models import SourceFile, Submission
from tests.support import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def answers_problem(contest: Contest) -> Problem:
    return factories.answers_problem(contest)


@pytest.fixture
def client(team_user: User, languages: dict[str, Language]) -> Client:
    client = Client()
    client.force_login(team_user)
    return client


def _post(client: Client, problem: Problem, files: dict[str, bytes]) -> str:
    uploads = [SimpleUploadedFile(name, data) for name, data in files.items()]
    response = client.post(reverse("team:submit"), {"problem": problem.pk, "file": uploads})
    return response.content.decode() if response.status_code == 200 else ""


def _zip(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def test_the_statement_lists_every_input_and_its_answer_file(
    client: Client, answers_problem: Problem
) -> None:
    html = client.get(reverse("team:problem", args=["B"])).content.decode()
    assert "Submit answers" in html and "Time limit" not in html
    for order, answer in ((1, "01.out"), (2, "02.out")):
        assert reverse("team:problem_input", args=["B", order]) in html
        assert f"<code>{answer}</code>" in html


def test_a_team_downloads_a_secret_input_of_a_submit_answer_problem_only(
    client: Client, answers_problem: Problem, problem: Problem
) -> None:
    response = client.get(reverse("team:problem_input", args=["B", 2]))
    assert response.status_code == 200 and response.content == b"1000\n"
    assert 'filename="02.in"' in response["Content-Disposition"]
    assert client.get(reverse("team:problem_input", args=["B", 9])).status_code == 404
    # A program problem's secret inputs stay the jury's.
    assert client.get(reverse("team:problem_input", args=["A", 2])).status_code == 404


def test_several_answer_files_are_one_submission(client: Client, answers_problem: Problem) -> None:
    assert _post(client, answers_problem, {"01.out": b"4\n", "02.out": b"168\n"}) == ""
    submission = Submission.objects.get()
    assert submission.language_id == "answers"
    assert submission.program_files() == [("01.out", b"4\n"), ("02.out", b"168\n")]
    page = client.get(reverse("team:submission", args=[submission.pk])).content.decode()
    assert "Answer files" in page and "01.out" in page and "02.out" in page


def test_a_zip_of_answer_files_is_its_files(client: Client, answers_problem: Problem) -> None:
    archive = _zip({"answers/01.out": b"4\n", "answers/02.out": b"168\n"})
    assert _post(client, answers_problem, {"mine.zip": archive}) == ""
    submission = Submission.objects.get()
    assert submission.filename == "mine.zip"
    assert [name for name, _ in submission.program_files()] == ["01.out", "02.out"]


def test_a_file_that_answers_no_test_is_refused_with_the_names_to_use(
    client: Client, answers_problem: Problem
) -> None:
    html = _post(client, answers_problem, {"01.out": b"4\n", "solve.py": b"print(4)\n"})
    assert "solve.py answers no test" in html and "sample/01.out" in html
    assert not Submission.objects.exists() and not SourceFile.objects.exists()


def test_the_jury_sees_the_answer_files(
    client: Client, answers_problem: Problem, judge_user: User
) -> None:
    _post(client, answers_problem, {"01.out": b"4\n", "02.out": b"168\n"})
    submission = Submission.objects.get()
    jury = Client()
    jury.force_login(judge_user)
    page = jury.get(reverse("jury:submission", args=[submission.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Answer files" in html and "02.out" in html
