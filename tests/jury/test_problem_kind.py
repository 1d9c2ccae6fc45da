"""A submit-answer problem authored in the web app (docs/kinds.md): the admin chooses the kind
when creating the problem or on its page, uploads its tests as for any problem, and teams then
download the inputs and upload answer files that the real judging job judges, as for an
imported submit-answer problem. A change of kind that would be wrong is refused with the
reason and nothing saved."""

from __future__ import annotations

import io
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from accounts.models import User
from contest.models import Contest, Language, Problem
from judge.jobs.judging import judge_judgement
from judge.models import AuditAction, AuditEntry, Submission
from judge.services.submit import submit
from jury.forms import PROBLEM_FIELDS
from tests.jury.conftest import ClientAs

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("languages")]

ANSWERS = {"01.out": b"4\n", "02.out": b"168\n"}
TESTS = {
    "sample/01.in": b"10\n",
    "sample/01.ans": b"4\n",
    "secret/02.in": b"1000\n",
    "secret/02.ans": b"168\n",
}


@pytest.fixture
def admin(client_as: ClientAs, admin_user: User) -> Client:
    return client_as(admin_user)


@pytest.fixture
def team_client(client_as: ClientAs, team_user: User) -> Client:
    return client_as(team_user)


def _zip(files: dict[str, bytes]) -> SimpleUploadedFile:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return SimpleUploadedFile("tests.zip", buffer.getvalue())


def _authored(admin: Client, contest: Contest, letter: str = "P") -> Problem:
    """Problem P, "Primes", made submit-answer on the problem list, its tests uploaded."""
    data = {"letter": letter, "name": "Primes", "kind": "submit-answer"}
    response = admin.post(reverse("jury:problem_new"), data)
    problem = Problem.objects.get(contest=contest, letter=letter)
    assert response.status_code == 302 and response["Location"] == reverse(
        "jury:problem", args=[problem.pk]
    )
    admin.post(reverse("jury:problem_tests", args=[problem.pk]), {"archive": _zip(TESTS)})
    return problem


def _edit(admin: Client, problem: Problem, **changes: object) -> str:
    data = {name: getattr(problem, name) for name in PROBLEM_FIELDS} | changes
    response = admin.post(reverse("jury:problem", args=[problem.pk]), data)
    return response.content.decode() if response.status_code == 400 else ""


def test_a_problem_created_as_submit_answer_offers_its_inputs_to_the_team(
    admin: Client, team_client: Client, contest: Contest
) -> None:
    problem = _authored(admin, contest)
    assert problem.is_submit_answer and problem.types == ["pass-fail", "submit-answer"]
    entry = AuditEntry.objects.get(action=AuditAction.PROBLEM_CHANGE, target="problem P")
    assert entry.after == {"name": "Primes", "types": ["pass-fail", "submit-answer"]}
    html = team_client.get(reverse("team:problem", args=["P"])).content.decode()
    assert "Submit answers" in html and "<code>02.out</code>" in html
    secret = team_client.get(reverse("team:problem_input", args=["P", 2]))
    assert secret.status_code == 200 and secret.content == b"1000\n"


def test_the_admin_makes_a_program_problem_submit_answer_on_its_page(
    admin: Client, team_client: Client, problem: Problem
) -> None:
    page = admin.get(reverse("jury:problem", args=[problem.pk])).content.decode()
    assert 'name="kind"' in page and "Submit-answer" in page
    assert _edit(admin, problem, kind="submit-answer") == ""
    problem.refresh_from_db()
    assert problem.types == ["pass-fail", "submit-answer"]
    entry = AuditEntry.objects.get(target=f"problem {problem.letter}: kind")
    assert entry.before == {"types": []} and entry.after["types"][-1] == "submit-answer"
    secret = team_client.get(reverse("team:problem_input", args=[problem.letter, 2]))
    assert secret.status_code == 200
    assert _edit(admin, problem, kind="program") == ""  # and back, while nobody submitted
    problem.refresh_from_db()
    assert problem.types == ["pass-fail"] and not problem.is_submit_answer


def test_the_kind_of_a_problem_with_submissions_is_refused_and_nothing_is_saved(
    admin: Client, team_user: User, problem: Problem
) -> None:
    _submitted(team_user, problem)
    html = _edit(admin, problem, kind="submit-answer", time_limit_s=3.0)
    assert "The problem has 1 submission(s)" in html
    problem.refresh_from_db()
    assert (problem.types, problem.time_limit_s) == ([], 1.0)
    assert not AuditEntry.objects.filter(action=AuditAction.PROBLEM_CHANGE).exists()


def _submitted(user: User, problem: Problem) -> Submission:
    return submit(
        user=user,
        contest=problem.contest,
        problem=problem,
        filename="a.py",
        source=b"print(sum(map(int, input().split())))\n",
    )


def test_an_interactive_problem_stays_a_program(admin: Client, problem: Problem) -> None:
    Problem.objects.filter(pk=problem.pk).update(types=["interactive", "pass-fail"])
    problem.refresh_from_db()
    html = _edit(admin, problem, kind="submit-answer")
    assert "This interactive problem runs the team&#x27;s program" in html
    problem.refresh_from_db()
    assert problem.types == ["interactive", "pass-fail"]


def test_a_taken_letter_or_no_name_is_refused_on_the_problem_list(
    admin: Client, problem: Problem
) -> None:
    taken = admin.post(
        reverse("jury:problem_new"), {"letter": problem.letter, "name": "X", "kind": "program"}
    )
    assert taken.status_code == 400
    assert f"already has a problem {problem.letter}" in taken.content.decode()
    nameless = admin.post(reverse("jury:problem_new"), {"letter": "Q", "kind": "program"})
    assert nameless.status_code == 400
    assert not Problem.objects.filter(letter="Q").exists()


def test_test_groups_keep_a_submit_answer_problem_submit_answer(
    admin: Client, contest: Contest
) -> None:
    problem = _authored(admin, contest)
    admin.post(reverse("jury:problem_groups", args=[problem.pk]), {"groups": ""})
    problem.refresh_from_db()
    assert problem.is_submit_answer


def test_the_job_judges_a_web_authored_problems_answer_files(
    admin: Client, team_client: Client, contest: Contest, languages: dict[str, Language]
) -> None:
    problem = _authored(admin, contest)
    for answers, verdict in (({"02.out": b"7\n"}, "Wrong Answer"), (ANSWERS, "Accepted")):
        uploads = [SimpleUploadedFile(name, data) for name, data in answers.items()]
        response = team_client.post(
            reverse("team:submit"), {"problem": problem.pk, "file": uploads}
        )
        assert response.status_code == 302
        submission = Submission.objects.filter(problem=problem).latest("pk")
        assert submission.language_id == "answers"
        judgement = submission.judgements.get()
        judge_judgement(judgement.pk)  # the real job and engine: the validator judges each file
        judgement.refresh_from_db()
        assert judgement.classification == verdict
    assert [t["name"] for t in judgement.report["tests"]] == ["sample/01", "secret/02"]
    assert [t["classification"] for t in judgement.report["tests"]] == ["Accepted"] * 2


def test_the_django_admin_shows_the_types_but_leaves_their_change_to_the_jury_pages(
    admin: Client, problem: Problem
) -> None:
    page = admin.get(reverse("admin:contest_problem_change", args=[problem.pk])).content.decode()
    assert "Types" in page and 'name="types"' not in page
