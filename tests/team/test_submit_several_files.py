"""Submitting a program of several files, or one zip of them, through the team's form: the files
are checked as the engine checks a package's submissions (language, entry point), stored one by
one and shown on the team's and the jury's pages. Each bad upload gets a clear message and
nothing is stored."""

from __future__ import annotations

import io
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from accounts.models import User
from contest.models import Language, Problem
from judge.jobs.judging import engine_submission
from judge.models import SourceFile, Submission
from judge.services import upload

pytestmark = pytest.mark.django_db

MAIN_PY = b"from util import add\nprint(add(*map(int, input().split())))\n"
UTIL_PY = b"def add(a, b):\n    return a + b\n"


@pytest.fixture
def client(team_user: User, problem: Problem, languages: dict[str, Language]) -> Client:
    client = Client()
    client.force_login(team_user)
    return client


def _zip(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def _post(client: Client, problem: Problem, files: dict[str, bytes], **extra: str) -> str:
    uploads = [SimpleUploadedFile(name, data) for name, data in files.items()]
    response = client.post(
        reverse("team:submit"), {"problem": problem.pk, "file": uploads, **extra}
    )
    return response.content.decode() if response.status_code == 200 else ""


def _refused(client: Client, problem: Problem, files: dict[str, bytes], **extra: str) -> str:
    html = _post(client, problem, files, **extra)
    assert html, "a refusal shows the form again"
    assert not Submission.objects.exists() and not SourceFile.objects.exists()
    return html


def test_two_files_are_one_submission_with_its_detected_entry_point(
    client: Client, problem: Problem
) -> None:
    assert _post(client, problem, {"util.py": UTIL_PY, "main.py": MAIN_PY}) == ""
    sub = Submission.objects.get()
    assert (sub.language_id, sub.filename, sub.entrypoint) == ("python3", "main.py", "main.py")
    assert sub.program_files() == [("util.py", UTIL_PY), ("main.py", MAIN_PY)]
    program = engine_submission(sub)
    assert [f.filename for f in program.files] == ["util.py", "main.py"]


def test_a_zip_of_a_folder_is_its_files(client: Client, problem: Problem) -> None:
    archive = _zip({"sol/main.py": MAIN_PY, "sol/util.py": UTIL_PY, "__MACOSX/sol/._x": b"?"})
    assert _post(client, problem, {"sol.zip": archive}) == ""
    sub = Submission.objects.get()
    assert sub.filename == "sol.zip" and sub.entrypoint == "main.py"
    assert [name for name, _ in sub.program_files()] == ["main.py", "util.py"]


def test_the_team_chooses_the_entry_point_the_rules_cannot_tell(
    client: Client, problem: Problem
) -> None:
    files = {"a.py": UTIL_PY, "b.py": MAIN_PY.replace(b"util", b"a")}
    html = _refused(client, problem, files)
    assert "cannot tell which Python file is the entry point" in html
    assert "Choose the entry point." in html
    assert _post(client, problem, files, entrypoint="b.py") == ""
    assert Submission.objects.get().entrypoint == "b.py"


def test_an_entry_point_that_is_not_a_file_is_refused(client: Client, problem: Problem) -> None:
    html = _refused(client, problem, {"main.py": MAIN_PY, "util.py": UTIL_PY}, entrypoint="x.py")
    assert "entry point &#x27;x.py&#x27; is not one of the submission&#x27;s files" in html


def test_files_of_two_languages_ask_for_the_language(client: Client, problem: Problem) -> None:
    html = _refused(client, problem, {"main.py": MAIN_PY, "main.c": b"int main(){}\n"})
    assert "several languages" in html and "choose the language" in html


@pytest.mark.parametrize(
    ("members", "needle"),
    [
        ({"../evil.py": MAIN_PY}, "not usable in a program"),
        ({"/etc/evil.py": MAIN_PY}, "not usable in a program"),
        ({"a/../../evil.py": MAIN_PY}, "not usable in a program"),
        ({"a\nb.py": MAIN_PY}, "control characters"),
        ({f"f{i}.py": b"x = 1\n" for i in range(upload.MAX_FILES + 1)}, "at most 100"),
    ],
)
def test_a_bad_zip_is_refused_saying_why(
    client: Client, problem: Problem, members: dict[str, bytes], needle: str
) -> None:
    assert needle in _refused(client, problem, {"sol.zip": _zip(members)})


def test_a_file_that_is_no_zip_is_refused(client: Client, problem: Problem) -> None:
    assert "The zip file cannot be read" in _refused(client, problem, {"sol.zip": b"PK\3\4no"})


def test_files_over_the_code_limit_together_are_refused(client: Client, problem: Problem) -> None:
    problem.source_size_kib = 1
    problem.save()
    half = b"#" * 600 + b"\n"
    html = _refused(client, problem, {"main.py": half, "util.py": half})
    assert "The files together is 1.2 KiB; the limit is 1 KiB." in html


def test_a_zip_over_the_code_limit_unpacked_is_refused(client: Client, problem: Problem) -> None:
    problem.source_size_kib = 1
    problem.save()
    html = _refused(client, problem, {"sol.zip": _zip({"main.py": b"#" * 5000})})
    assert "exceed the problem&#x27;s code limit of 1 KiB" in html


def test_team_and_jury_pages_show_every_file(
    client: Client, problem: Problem, judge_user: User
) -> None:
    _post(client, problem, {"util.py": UTIL_PY, "main.py": MAIN_PY})
    sub = Submission.objects.get()
    page = client.get(reverse("team:submission", args=[sub.pk])).content.decode()
    for index, name in enumerate(("util.py", "main.py")):
        assert reverse("team:submission_file", args=[sub.pk, index]) in page and name in page
    second = client.get(reverse("team:submission_file", args=[sub.pk, 1]))
    assert second.content == MAIN_PY
    assert client.get(reverse("team:submission_file", args=[sub.pk, 2])).status_code == 404
    jury = Client()
    jury.force_login(judge_user)
    html = jury.get(reverse("jury:submission", args=[sub.pk])).content.decode()
    assert "2 files" in html and "entry point" in html
    assert html.count('class="source"') == 2
