"""Clarifications: who may ask and when, claiming, Mooshak's three states, answers to one team
or to all, edits and withdrawals (audited), announcements to a category, read markers."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import Category, User
from contest.models import Contest, Problem
from judge.errors import ServiceError
from judge.models import AuditAction, AuditEntry, ClarificationState
from judge.selectors import clarifications as selectors
from judge.services import clarifications as service
from tests.support import factories

pytestmark = pytest.mark.django_db


def _ask(user: User, contest: Contest, text: str = "Is n ≥ 1?") -> object:
    return service.ask(user=user, contest=contest, text=text)


def test_a_team_asks_about_a_problem_and_it_waits_unanswered(
    team_user: User, problem: Problem
) -> None:
    question = service.ask(
        user=team_user, contest=problem.contest, problem=problem, text="  Is n ≥ 1?  "
    )
    assert question.state == ClarificationState.UNANSWERED
    assert question.text == "Is n ≥ 1?" and question.subject == f"A · {problem.name}"
    assert list(selectors.unanswered(problem.contest)) == [question]


@pytest.mark.parametrize(
    ("settings", "code"),
    [
        ({"clarifications_open": False}, "questions_closed"),
        ({"clarifications_until": timezone.now() - timedelta(minutes=1)}, "questions_closed"),
    ],
)
def test_the_contest_settings_decide_whether_teams_may_ask(
    team_user: User, contest: Contest, settings: dict[str, object], code: str
) -> None:
    Contest.objects.filter(pk=contest.pk).update(**settings)
    contest.refresh_from_db()
    with pytest.raises(ServiceError) as refused:
        _ask(team_user, contest)
    assert refused.value.code == code


def test_questions_are_refused_after_the_end_and_from_users_without_a_team(
    team_user: User, judge_user: User, contest: Contest
) -> None:
    with pytest.raises(ServiceError, match="Only a team"):
        _ask(judge_user, contest)
    contest.end = timezone.now() - timedelta(seconds=1)
    with pytest.raises(ServiceError, match="not taken now"):
        _ask(team_user, contest)


@pytest.mark.parametrize(("text", "code"), [("   ", "empty_text"), ("x" * 4001, "text_too_long")])
def test_an_empty_or_huge_question_is_refused(
    team_user: User, contest: Contest, text: str, code: str
) -> None:
    with pytest.raises(ServiceError) as refused:
        _ask(team_user, contest, text)
    assert refused.value.code == code


def test_a_claimed_question_shows_its_judge_and_a_second_judge_cannot_take_it(
    team_user: User, judge_user: User, contest: Contest
) -> None:
    question = _ask(team_user, contest)
    other = factories.user("judge2", role="judge")
    service.claim(question=question, judge=judge_user)
    with pytest.raises(ServiceError) as refused:
        service.claim(question=question, judge=other)
    assert refused.value.code == "already_claimed" and "judge" in refused.value.message
    service.release(question=question, judge=judge_user)
    assert service.claim(question=question, judge=other).claimed_by == other


def test_an_answer_to_the_team_reaches_it_alone_and_is_audited(
    team_user: User, other_team_user: User, judge_user: User, contest: Contest
) -> None:
    question = _ask(team_user, contest)
    reply = service.answer(question=question, judge=judge_user, text="Yes.", to_all=False)
    question.refresh_from_db()
    assert question.state == ClarificationState.ANSWERED
    assert reply in selectors.for_team(contest, team_user.team)
    assert reply not in selectors.for_team(contest, other_team_user.team)
    assert question not in selectors.for_team(contest, other_team_user.team)
    entry = AuditEntry.objects.get(action=AuditAction.CLAR_ANSWER)
    assert entry.user == judge_user and entry.after["text"] == "Yes."


def test_an_answer_to_all_reaches_every_team(
    team_user: User, other_team_user: User, judge_user: User, contest: Contest
) -> None:
    question = _ask(team_user, contest)
    reply = service.answer(question=question, judge=judge_user, text="Yes.", to_all=True)
    assert reply in selectors.for_team(contest, other_team_user.team)
    assert selectors.recipients(reply) == sorted([team_user.team_id, other_team_user.team_id])


def test_answered_without_reply_sends_nothing(
    team_user: User, judge_user: User, contest: Contest
) -> None:
    question = _ask(team_user, contest)
    service.close_without_reply(question=question, judge=judge_user)
    question.refresh_from_db()
    assert question.state == ClarificationState.NO_REPLY
    assert selectors.unread_ids(contest, team_user.team) == []
    assert AuditEntry.objects.filter(action=AuditAction.CLAR_NO_REPLY).count() == 1
    with pytest.raises(ServiceError):
        service.close_without_reply(question=question, judge=judge_user)


def test_an_edited_answer_is_unread_again_and_the_old_text_is_in_the_audit_log(
    team_user: User, judge_user: User, contest: Contest
) -> None:
    reply = service.answer(
        question=_ask(team_user, contest), judge=judge_user, text="Yes.", to_all=False
    )
    service.mark_read(team=team_user.team, messages=[reply])
    assert selectors.unread_ids(contest, team_user.team) == []
    service.edit(message=reply, judge=judge_user, text="No, sorry.")
    assert selectors.unread_ids(contest, team_user.team) == [reply.pk]
    entry = AuditEntry.objects.get(action=AuditAction.CLAR_EDIT)
    assert entry.before == {"text": "Yes."} and entry.after == {"text": "No, sorry."}


def test_withdrawing_the_only_answer_makes_the_question_unanswered_again(
    team_user: User, judge_user: User, contest: Contest
) -> None:
    question = _ask(team_user, contest)
    reply = service.answer(question=question, judge=judge_user, text="Yes.", to_all=True)
    service.withdraw(message=reply, judge=judge_user)
    question.refresh_from_db()
    assert question.state == ClarificationState.UNANSWERED
    assert reply not in selectors.for_team(contest, team_user.team)
    assert AuditEntry.objects.filter(action=AuditAction.CLAR_WITHDRAW).count() == 1
    with pytest.raises(ServiceError) as refused:
        service.edit(message=reply, judge=judge_user, text="Again")
    assert refused.value.code == "withdrawn"


def test_an_announcement_to_a_category_reaches_only_its_teams(
    team_user: User, other_team_user: User, judge_user: User, contest: Contest
) -> None:
    students = Category.objects.create(name="Students")
    team_user.team.category = students
    team_user.team.save()
    sent = service.announce(judge=judge_user, contest=contest, text="Pizza!", category=students)
    assert selectors.unread_ids(contest, team_user.team) == [sent.pk]
    assert selectors.unread_ids(contest, other_team_user.team) == []
    assert selectors.recipients(sent) == [team_user.team_id]
    assert AuditEntry.objects.get(action=AuditAction.ANNOUNCE).after["category"] == students.pk


def test_questions_are_never_marked_read(team_user: User, contest: Contest) -> None:
    question = _ask(team_user, contest)
    assert service.mark_read(team=team_user.team, messages=[question]) == 0
