from __future__ import annotations

import pytest

from accounts.models import User
from contest.models import Language, Problem
from judge.errors import ServiceError
from judge.models import AuditAction, AuditEntry, SubmissionState
from judge.services import jury
from judging.classification import Classification
from tests.support import builders

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("comment", ["", "   \n\t"])
def test_it_refuses_a_change_without_comment(
    problem: Problem, python: Language, team_user: User, judge_user: User, comment: str
) -> None:
    submission = builders.judged(team_user, problem, Classification.WRONG_ANSWER)

    with pytest.raises(ServiceError) as refused:
        jury.change(
            submission=submission,
            judge=judge_user,
            classification=Classification.ACCEPTED,
            comment=comment,
        )

    assert refused.value.code == "comment_required"
    submission.refresh_from_db()
    assert (submission.classification, submission.state) == ("Wrong Answer", "pending")
    assert not AuditEntry.objects.filter(action=AuditAction.CHANGE).exists()


def test_it_sets_the_classification_final_and_records_the_comment(
    problem: Problem, python: Language, team_user: User, judge_user: User
) -> None:
    submission = builders.judged(team_user, problem, Classification.WRONG_ANSWER)

    jury.change(
        submission=submission,
        judge=judge_user,
        classification="Presentation Error",
        comment="  only trailing spaces differ  ",
    )

    submission.refresh_from_db()
    assert submission.classification == "Presentation Error"
    assert submission.state == SubmissionState.FINAL
    entry = AuditEntry.objects.get(action=AuditAction.CHANGE)
    assert entry.comment == "only trailing spaces differ"
    assert entry.user == judge_user
    assert entry.before["classification"] == "Wrong Answer"
    assert entry.after["classification"] == "Presentation Error"
    assert entry.after["state"] == "final"


def test_it_keeps_the_report_in_force(
    problem: Problem, python: Language, team_user: User, judge_user: User
) -> None:
    submission = builders.judged(team_user, problem, Classification.WRONG_ANSWER)
    report = submission.current_judgement_id

    jury.change(submission=submission, judge=judge_user, classification="Accepted", comment="x")

    submission.refresh_from_db()
    assert submission.current_judgement_id == report


def test_it_refuses_the_same_classification(
    problem: Problem, python: Language, team_user: User, judge_user: User
) -> None:
    submission = builders.judged(team_user, problem, Classification.WRONG_ANSWER)

    with pytest.raises(ServiceError) as refused:
        jury.change(
            submission=submission, judge=judge_user, classification="Wrong Answer", comment="x"
        )

    assert refused.value.code == "unchanged"


def test_it_refuses_an_unknown_classification(
    problem: Problem, python: Language, team_user: User, judge_user: User
) -> None:
    submission = builders.judged(team_user, problem, Classification.WRONG_ANSWER)

    with pytest.raises(ServiceError) as refused:
        jury.change(submission=submission, judge=judge_user, classification="Nice", comment="x")

    assert refused.value.code == "bad_classification"


def test_it_refuses_a_submission_still_queued(
    problem: Problem, python: Language, team_user: User, judge_user: User
) -> None:
    submission = builders.send(team_user, problem)

    with pytest.raises(ServiceError) as refused:
        jury.change(submission=submission, judge=judge_user, classification="Accepted", comment="x")

    assert refused.value.code == "not_judged"
