from __future__ import annotations

import pytest

from accounts.models import User
from contest.models import Contest, Language, Problem
from judge.errors import ServiceError
from judge.models import AuditAction, AuditEntry, SubmissionState
from judge.services import jury
from judging.classification import Classification
from tests.support import builders

pytestmark = pytest.mark.django_db


def test_it_makes_the_pending_classification_final(
    problem: Problem, python: Language, team_user: User, judge_user: User
) -> None:
    submission = builders.judged(team_user, problem, Classification.WRONG_ANSWER)
    assert submission.state == SubmissionState.PENDING

    jury.validate(submission=submission, judge=judge_user)

    submission.refresh_from_db()
    assert submission.state == SubmissionState.FINAL
    assert submission.classification == Classification.WRONG_ANSWER.value


def test_it_leaves_an_audit_entry_with_before_and_after(
    problem: Problem, python: Language, team_user: User, judge_user: User
) -> None:
    submission = builders.judged(team_user, problem, Classification.ACCEPTED)

    jury.validate(submission=submission, judge=judge_user)

    entry = AuditEntry.objects.get(action=AuditAction.VALIDATE)
    assert entry.user == judge_user
    assert entry.submission_id == submission.pk
    assert entry.before["state"] == "pending"
    assert entry.after == {
        "state": "final",
        "classification": "Accepted",
        "judgement": submission.current_judgement_id,
    }


def test_it_refuses_a_final_submission(
    problem: Problem, python: Language, team_user: User, judge_user: User
) -> None:
    submission = builders.judged(team_user, problem, Classification.ACCEPTED)
    jury.validate(submission=submission, judge=judge_user)

    with pytest.raises(ServiceError) as refused:
        jury.validate(submission=submission, judge=judge_user)

    assert refused.value.code == "not_pending"
    assert AuditEntry.objects.filter(action=AuditAction.VALIDATE).count() == 1


def test_it_refuses_a_submission_not_judged_yet(
    problem: Problem, python: Language, team_user: User, judge_user: User
) -> None:
    submission = builders.send(team_user, problem)

    with pytest.raises(ServiceError) as refused:
        jury.validate(submission=submission, judge=judge_user)

    assert refused.value.code == "not_pending"
    submission.refresh_from_db()
    assert submission.state == SubmissionState.QUEUED


def test_with_pending_hidden_the_team_reads_the_verdict_once_validated(
    contest: Contest, problem: Problem, python: Language, team_user: User, judge_user: User
) -> None:
    from judge.selectors.visibility import team_view

    contest.show_pending_to_teams = False
    contest.save()
    submission = builders.judged(team_user, problem, Classification.WRONG_ANSWER)
    assert (team_view(submission).status, team_view(submission).classification) == ("Pending", "")

    jury.validate(submission=submission, judge=judge_user)

    submission.refresh_from_db()
    assert team_view(submission).classification == "Wrong Answer"


def test_an_auto_validated_accepted_needs_no_judge(
    contest: Contest, problem: Problem, python: Language, team_user: User, judge_user: User
) -> None:
    contest.auto_validate_accepted = True
    contest.save()
    accepted = builders.judged(team_user, problem, Classification.ACCEPTED)
    wrong = builders.judged(team_user, problem, Classification.WRONG_ANSWER)

    assert (accepted.state, wrong.state) == (SubmissionState.FINAL, SubmissionState.PENDING)
    with pytest.raises(ServiceError):
        jury.validate(submission=accepted, judge=judge_user)
