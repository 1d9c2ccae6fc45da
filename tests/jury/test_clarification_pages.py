"""The jury's clarification pages: the queue by state and category, claiming, answering with a
canned answer, settling without reply, editing and withdrawing, announcing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.models import Category, User
from contest.models import Contest, Problem
from judge.models import AuditAction, AuditEntry, CannedAnswer, Clarification, ClarificationState
from judge.services import clarifications as service
from tests.jury.conftest import ClientAs

pytestmark = pytest.mark.django_db

QUEUE = reverse("jury:clarifications")


def test_the_queue_shows_unanswered_questions_by_default_and_filters_by_category(
    team_user: User, judge_user: User, problem: Problem, client_as: ClientAs
) -> None:
    contest = problem.contest
    about_a = service.ask(user=team_user, contest=contest, problem=problem, text="QUESTION-A")
    general = service.ask(user=team_user, contest=contest, text="QUESTION-GENERAL")
    service.answer(question=general, judge=judge_user, text="Yes", to_all=False)
    client = client_as(judge_user)
    page = client.get(QUEUE).content.decode()
    assert "QUESTION-A" in page and "QUESTION-GENERAL" not in page
    page = client.get(QUEUE, {"state": "all", "problem": "general"}).content.decode()
    assert "QUESTION-GENERAL" in page and "QUESTION-A" not in page
    page = client.get(QUEUE, {"state": "all", "problem": str(problem.pk)}).content.decode()
    assert f'data-clarification-id="{about_a.pk}"' in page


def test_a_judge_claims_then_answers_everyone_with_a_canned_answer(
    team_user: User, judge_user: User, contest: Contest, client_as: ClientAs
) -> None:
    canned = CannedAnswer.objects.create(title="No comment", text="No comment.")
    question = service.ask(user=team_user, contest=contest, text="Round?")
    client = client_as(judge_user)
    client.post(reverse("jury:clarification_claim", args=[question.pk]))
    page = client.get(reverse("jury:clarification", args=[question.pk])).content.decode()
    assert 'data-field="claimed_by">judge<' in page and "No comment" in page
    url = reverse("jury:clarification_answer", args=[question.pk])
    response = client.post(url, {"canned": canned.pk, "text": "", "to_all": "on"})
    assert response.status_code == 302
    answer = Clarification.objects.get(reply_to=question)
    assert answer.text == "No comment." and answer.to_team is None


def test_a_second_judge_is_told_who_handles_the_question(
    team_user: User, judge_user: User, admin_user: User, contest: Contest, client_as: ClientAs
) -> None:
    question = service.ask(user=team_user, contest=contest, text="Round?")
    service.claim(question=question, judge=judge_user)
    client = client_as(admin_user)
    response = client.post(reverse("jury:clarification_claim", args=[question.pk]), follow=True)
    assert "judge is handling this question" in response.content.decode()


def test_settle_edit_and_withdraw_from_the_pages_are_audited(
    team_user: User, judge_user: User, contest: Contest, client_as: ClientAs
) -> None:
    client = client_as(judge_user)
    settled = service.ask(user=team_user, contest=contest, text="Settled?")
    client.post(reverse("jury:clarification_no_reply", args=[settled.pk]))
    settled.refresh_from_db()
    assert settled.state == ClarificationState.NO_REPLY
    question = service.ask(user=team_user, contest=contest, text="Round?")
    answer = service.answer(question=question, judge=judge_user, text="Yes", to_all=False)
    client.post(reverse("jury:clarification_edit", args=[answer.pk]), {"text": "No"})
    client.post(reverse("jury:clarification_withdraw", args=[answer.pk]))
    answer.refresh_from_db()
    assert answer.text == "No" and answer.withdrawn_at is not None
    actions = set(AuditEntry.objects.values_list("action", flat=True))
    assert {AuditAction.CLAR_NO_REPLY, AuditAction.CLAR_EDIT, AuditAction.CLAR_WITHDRAW} <= actions


def test_an_announcement_goes_to_one_category(
    team_user: User, judge_user: User, contest: Contest, client_as: ClientAs
) -> None:
    students = Category.objects.create(name="Students")
    response = client_as(judge_user).post(
        reverse("jury:announce"), {"text": "Pizza at 12", "category": students.pk}
    )
    assert response.status_code == 302
    sent = Clarification.objects.get()
    assert sent.to_category == students and sent.sent_by == judge_user


def test_runners_read_the_questions_without_the_judges_buttons(
    team_user: User, runner_user: User, contest: Contest, client_as: ClientAs
) -> None:
    question = service.ask(user=team_user, contest=contest, text="RUNNER-SEES")
    client = client_as(runner_user)
    assert b"RUNNER-SEES" in client.get(QUEUE).content
    page = client.get(reverse("jury:clarification", args=[question.pk])).content.decode()
    assert "RUNNER-SEES" in page and "Send answer" not in page and ">Claim<" not in page
