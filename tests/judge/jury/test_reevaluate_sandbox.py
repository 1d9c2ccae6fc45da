"""Reevaluation judged for real (the worker's job in-process, real engine and sandbox): it uses
the tests and compiler settings of now, and the team keeps its verdict until a judge chooses."""

from __future__ import annotations

import pytest

from accounts.models import User
from contest.models import Blob, Language, Problem
from judge.models import Judgement, JudgementState, Submission
from judge.selectors.visibility import team_view
from judge.services import jury
from tests.support import builders

pytestmark = [pytest.mark.django_db, pytest.mark.sandbox]


@pytest.fixture
def accepted(problem: Problem, python: Language, team_user: User) -> Submission:
    submission = builders.sent_and_judged(team_user, problem, builders.CORRECT)
    assert submission.classification == "Accepted"
    return submission


def test_a_reevaluation_after_a_data_change_waits_for_the_judge(
    accepted: Submission, problem: Problem, judge_user: User
) -> None:
    problem.tests.filter(name="secret/1").update(answer=Blob.store(b"43\n"))

    judgement = builders.judge_for_real(jury.reevaluate(submission=accepted, judge=judge_user))

    assert (judgement.state, judgement.classification) == (JudgementState.DONE, "Wrong Answer")
    accepted.refresh_from_db()
    assert team_view(accepted).classification == "Accepted"

    comparison = jury.compare(accepted.current_judgement, judgement)
    changed = [
        (t.name, t.old.classification, t.new.classification, t.output_changed)
        for t in comparison.changed_tests
    ]
    assert changed == [("secret/1", "Accepted", "Wrong Answer", False)]

    jury.make_current(submission=accepted, judgement=judgement, judge=judge_user, final=True)
    accepted.refresh_from_db()
    assert team_view(accepted).classification == "Wrong Answer"
    assert team_view(accepted).final


def test_a_reevaluation_uses_the_compiler_settings_of_now(
    accepted: Submission, python: Language, judge_user: User
) -> None:
    python.compile_command = "{python} -c 'raise SystemExit(3)'"
    python.save()

    judgement = builders.judge_for_real(jury.reevaluate(submission=accepted, judge=judge_user))

    assert judgement.classification == "Compile Time Error"
    assert judgement.reason == Judgement.Reason.REEVALUATION
    accepted.refresh_from_db()
    assert accepted.classification == "Accepted"
