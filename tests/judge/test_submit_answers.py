"""A submit-answer problem in the web app (docs/kinds.md): the team's answer files are stored in
the built-in "answers" language, checked against the tests' names before anything is stored,
judged by the real job (nothing runs: the validator judges each file), and judged again by a
rejudge. The answers language is never offered for a program."""

from __future__ import annotations

import pytest

from accounts.models import User
from contest.models import Contest, Language, Problem
from contest.services.languages import ANSWERS_LANGUAGE
from judge.errors import ServiceError
from judge.jobs.judging import judge_judgement
from judge.models import Judgement, SourceFile, Submission
from judge.services import rejudge
from judge.services.submit import submit
from tests.support import factories

pytestmark = pytest.mark.django_db

RIGHT = [("01.out", b"4\n"), ("02.out", b"168\n")]


@pytest.fixture
def answers_problem(contest: Contest) -> Problem:
    """Problem B: the number of primes up to n, an output limit of 1 KiB."""
    return factories.answers_problem(contest, output_kib=1)


def _submit(user: User, problem: Problem, files: list[tuple[str, bytes]]) -> Submission:
    return submit(user=user, contest=problem.contest, problem=problem, files=files)


def _judged(submission: Submission) -> Judgement:
    judgement = submission.judgements.get()
    judge_judgement(judgement.pk)
    judgement.refresh_from_db()
    return judgement


def test_answer_files_are_stored_in_the_answers_language(
    team_user: User, answers_problem: Problem
) -> None:
    submission = _submit(team_user, answers_problem, RIGHT)
    assert submission.language_id == ANSWERS_LANGUAGE
    assert submission.language.name == "Answer files"
    assert submission.program_files() == RIGHT
    assert submission.filename == "answers"  # what the pages name them by
    assert submission.judgements.count() == 1


def test_one_answer_file_is_a_one_file_submission(
    team_user: User, answers_problem: Problem
) -> None:
    submission = _submit(team_user, answers_problem, [("02.out", b"168\n")])
    assert (submission.filename, bytes(submission.source)) == ("02.out", b"168\n")
    assert not SourceFile.objects.exists()


def test_the_language_a_team_names_is_ignored_for_answers(
    team_user: User, answers_problem: Problem, languages: dict[str, Language]
) -> None:
    submission = submit(
        user=team_user,
        contest=answers_problem.contest,
        problem=answers_problem,
        files=RIGHT,
        language=languages["python3"],
    )
    assert submission.language_id == ANSWERS_LANGUAGE


@pytest.mark.parametrize(
    ("files", "code", "says"),
    [
        ([("main.py", b"print(4)\n")], "bad_answer_file", "main.py answers no test"),
        (
            [("02.out", b"1\n"), ("secret/02.ans", b"2\n")],
            "bad_answer_file",
            "02.out and secret/02.ans both answer secret/02",
        ),
        ([("01.out", b"4" * 2000)], "too_large", "the output limit of this problem is 1 KiB"),
        ([("../01.out", b"4\n")], "bad_filename", "not usable"),
        ([], "bad_filename", "not usable"),  # no file: one nameless, empty file
    ],
)
def test_bad_answer_files_are_refused_and_nothing_is_stored(
    team_user: User,
    answers_problem: Problem,
    files: list[tuple[str, bytes]],
    code: str,
    says: str,
) -> None:
    with pytest.raises(ServiceError) as refused:
        _submit(team_user, answers_problem, files)
    assert refused.value.code == code
    assert says in refused.value.message
    assert not Submission.objects.exists() and not SourceFile.objects.exists()


def test_the_answers_language_is_refused_for_a_program(
    team_user: User, answers_problem: Problem, problem: Problem, languages: dict[str, Language]
) -> None:
    _submit(team_user, answers_problem, RIGHT)  # makes the row
    with pytest.raises(ServiceError) as refused:
        submit(
            user=team_user,
            contest=problem.contest,
            problem=problem,
            filename="a.py",
            source=b"print(3)\n",
            language=Language.objects.get(pk=ANSWERS_LANGUAGE),
        )
    assert refused.value.code == "language_not_allowed"
    assert "answer files are for submit-answer problems only" in refused.value.message


def test_the_answers_language_is_in_no_list_of_languages(
    team_user: User, answers_problem: Problem, languages: dict[str, Language]
) -> None:
    _submit(team_user, answers_problem, RIGHT)
    row = Language.objects.get(pk=ANSWERS_LANGUAGE)
    assert not row.enabled and row.extension_list == ()
    from team.forms import SubmitForm

    form = SubmitForm(contest=answers_problem.contest)
    offered = form.fields["language"].queryset  # type: ignore[attr-defined]
    assert ANSWERS_LANGUAGE not in set(offered.values_list("pk", flat=True))


def test_the_job_judges_each_answer_file_without_running_anything(
    team_user: User, answers_problem: Problem, languages: dict[str, Language]
) -> None:
    wrong = _judged(_submit(team_user, answers_problem, [("01.out", b"4\n"), ("02.out", b"7\n")]))
    assert wrong.classification == "Wrong Answer"
    assert [t["classification"] for t in wrong.report["tests"]] == ["Accepted", "Wrong Answer"]
    accepted = _judged(_submit(team_user, answers_problem, RIGHT))
    assert accepted.classification == "Accepted"
    assert [t["name"] for t in accepted.report["tests"]] == ["sample/01", "secret/02"]


def test_a_test_without_its_answer_is_judged_on_an_empty_one(
    team_user: User, answers_problem: Problem, languages: dict[str, Language]
) -> None:
    judgement = _judged(_submit(team_user, answers_problem, [("01.out", b"4\n")]))
    assert judgement.classification == "Wrong Answer"
    assert "no answer file for this test" in judgement.report["tests"][1]["checker_message"]


def test_a_rejudge_judges_the_stored_answers_again(
    team_user: User, judge_user: User, answers_problem: Problem, languages: dict[str, Language]
) -> None:
    submission = _submit(team_user, answers_problem, RIGHT)
    _judged(submission)
    made = rejudge.create(
        contest=answers_problem.contest,
        judge=judge_user,
        selection=rejudge.Selection(language_ids=(ANSWERS_LANGUAGE,)),
    )
    again = Judgement.objects.get(rejudge_item__rejudge=made)
    judge_judgement(again.pk)
    again.refresh_from_db()
    assert (again.submission_id, again.classification) == (submission.pk, "Accepted")
