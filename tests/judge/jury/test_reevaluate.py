"""Reevaluation, compare and make current, with the new report stored by the results service
(the real judging of a reevaluation is in test_reevaluate_sandbox.py)."""

from __future__ import annotations

import pytest
from pytest_django import DjangoCaptureOnCommitCallbacks

from accounts.models import User
from contest.models import Language, Problem
from judge.errors import ServiceError
from judge.models import (
    AuditAction,
    AuditEntry,
    Judgement,
    JudgementState,
    Submission,
    SubmissionState,
)
from judge.selectors.visibility import team_view
from judge.services import jury
from judging.classification import Classification
from tests.support import builders

pytestmark = pytest.mark.django_db


@pytest.fixture
def submission(problem: Problem, python: Language, team_user: User) -> Submission:
    return builders.judged(team_user, problem, Classification.ACCEPTED)


def test_it_creates_a_queued_reevaluation_and_an_audit_entry(
    submission: Submission, judge_user: User
) -> None:
    judgement = jury.reevaluate(submission=submission, judge=judge_user)

    assert judgement.reason == Judgement.Reason.REEVALUATION
    assert judgement.state == JudgementState.QUEUED
    assert judgement.requested_by == judge_user
    entry = AuditEntry.objects.get(action=AuditAction.REEVALUATE)
    assert entry.after == {"new_judgement": judgement.pk, "rebuild": False}


def test_it_queues_the_job_after_commit(
    submission: Submission,
    judge_user: User,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    import django_rq

    queue = django_rq.get_queue("judging")
    queue.empty()
    with django_capture_on_commit_callbacks(execute=True):
        judgement = jury.reevaluate(submission=submission, judge=judge_user)

    jobs = queue.get_jobs()
    assert [(job.func_name, job.args) for job in jobs] == [
        ("judge.jobs.judging.judge_judgement", (judgement.pk,))
    ]
    queue.empty()


def test_it_refuses_a_second_reevaluation_while_one_runs(
    submission: Submission, judge_user: User
) -> None:
    jury.reevaluate(submission=submission, judge=judge_user)

    with pytest.raises(ServiceError) as refused:
        jury.reevaluate(submission=submission, judge=judge_user)

    assert refused.value.code == "already_reevaluating"


def test_the_new_report_does_not_change_what_the_team_sees(
    submission: Submission, judge_user: User
) -> None:
    before = team_view(submission)
    judgement = jury.reevaluate(submission=submission, judge=judge_user)

    builders.store(judgement, Classification.WRONG_ANSWER, outputs=("3\n", "41\n"))

    submission.refresh_from_db()
    assert submission.classification == "Accepted"
    assert submission.current_judgement_id != judgement.pk
    assert team_view(submission) == before


def test_compare_lists_each_test_old_and_new(submission: Submission, judge_user: User) -> None:
    judgement = jury.reevaluate(submission=submission, judge=judge_user)
    builders.store(judgement, Classification.WRONG_ANSWER, outputs=("3\n", "41\n"))

    comparison = jury.compare(submission.current_judgement, judgement)

    assert comparison.classification_changed
    rows = [
        (
            t.name,
            t.old.classification,
            t.new.classification,
            t.classification_changed,
            t.output_changed,
        )
        for t in comparison.tests
    ]
    assert rows == [
        ("sample/1", "Accepted", "Wrong Answer", True, False),
        ("secret/1", "Accepted", "Wrong Answer", True, True),
    ]
    assert [t.name for t in comparison.changed_tests] == ["sample/1", "secret/1"]
    assert comparison.tests[0].old.cpu_ms == 10


def test_compare_shows_tests_present_on_one_side_only(
    submission: Submission, judge_user: User
) -> None:
    judgement = jury.reevaluate(submission=submission, judge=judge_user)
    builders.store(judgement, Classification.ACCEPTED)
    judgement.runs.filter(name="secret/1").update(name="secret/2")

    comparison = jury.compare(submission.current_judgement, judgement)

    assert [(t.name, t.old is None, t.new is None) for t in comparison.tests] == [
        ("sample/1", False, False),
        ("secret/1", False, True),
        ("secret/2", True, False),
    ]


@pytest.mark.parametrize("final", [True, False])
def test_make_current_puts_the_chosen_report_in_force(
    submission: Submission, judge_user: User, final: bool
) -> None:
    judgement = jury.reevaluate(submission=submission, judge=judge_user)
    builders.store(judgement, Classification.WRONG_ANSWER)

    jury.make_current(submission=submission, judgement=judgement, judge=judge_user, final=final)

    submission.refresh_from_db()
    assert submission.current_judgement_id == judgement.pk
    assert submission.classification == "Wrong Answer"
    assert submission.state == (SubmissionState.FINAL if final else SubmissionState.PENDING)
    entry = AuditEntry.objects.get(action=AuditAction.MAKE_CURRENT)
    assert entry.before["judgement"] != judgement.pk
    assert entry.after["judgement"] == judgement.pk
    assert team_view(submission).classification == "Wrong Answer"


def test_make_current_can_go_back_to_an_earlier_report(
    submission: Submission, judge_user: User
) -> None:
    first = submission.current_judgement
    judgement = jury.reevaluate(submission=submission, judge=judge_user)
    builders.store(judgement, Classification.WRONG_ANSWER)
    jury.make_current(submission=submission, judgement=judgement, judge=judge_user, final=True)

    jury.make_current(submission=submission, judgement=first, judge=judge_user, final=True)

    submission.refresh_from_db()
    assert (submission.current_judgement_id, submission.classification) == (first.pk, "Accepted")


def test_make_current_refuses_an_unfinished_report(
    submission: Submission, judge_user: User
) -> None:
    judgement = jury.reevaluate(submission=submission, judge=judge_user)

    with pytest.raises(ServiceError) as refused:
        jury.make_current(submission=submission, judgement=judgement, judge=judge_user, final=True)

    assert refused.value.code == "not_done"


def test_make_current_refuses_a_report_of_another_submission(
    submission: Submission, problem: Problem, other_team_user: User, judge_user: User
) -> None:
    other = builders.judged(other_team_user, problem, Classification.WRONG_ANSWER)

    with pytest.raises(ServiceError) as refused:
        jury.make_current(
            submission=submission, judgement=other.current_judgement, judge=judge_user, final=True
        )

    assert refused.value.code == "wrong_submission"


def test_make_current_refuses_what_is_already_in_force(
    submission: Submission, judge_user: User
) -> None:
    with pytest.raises(ServiceError) as refused:
        jury.make_current(
            submission=submission,
            judgement=submission.current_judgement,
            judge=judge_user,
            final=False,
        )

    assert refused.value.code == "unchanged"
