"""Clarifications for the jury: the questions (live, with who handles which), one question with
its answers, the actions on them, and announcements. Runners may read; judges act."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from accounts.models import User
from accounts.permissions import judge_required, jury_reader_required
from judge.models import CannedAnswer, Clarification, ClarificationState
from judge.selectors import clarifications as selectors
from judge.services import clarifications as service
from jury.forms import AnnounceForm, AnswerForm, MessageTextForm
from jury.views.common import attempt, jury_contest, jury_version, posted


def _judge(request: HttpRequest) -> User:
    user = request.user
    assert isinstance(user, User)  # judge_required
    return user


@jury_reader_required
def index(request: HttpRequest) -> HttpResponse:
    contest = jury_contest(request)
    version = jury_version(contest)  # before the data: the page asks only for later events
    state = request.GET.get("state", ClarificationState.UNANSWERED)
    if state not in ClarificationState.values or state == ClarificationState.SENT:
        state = ""
    problem = request.GET.get("problem", "")
    context = {
        "contest": contest,
        "live_version": version,
        "questions": selectors.questions(contest, state, problem)[:300],
        "messages_sent": selectors.jury_messages(contest).order_by("-time", "-id")[:100],
        "state": state,
        "problem": problem,
        "states": [(v, label) for v, label in ClarificationState.choices if v != "sent"],
        "problems": contest.problems.order_by("letter"),
        "unanswered": selectors.unanswered_count(contest.pk),
    }
    return render(request, "jury/clarifications.html", context)


def _message(pk: int) -> Clarification:
    return get_object_or_404(selectors.with_relations(Clarification.objects.all()), pk=pk)


@jury_reader_required
def detail(request: HttpRequest, pk: int) -> HttpResponse:
    message = _message(pk)
    question = message if message.is_question else message.reply_to
    context = {
        "contest": message.contest,
        "live_version": jury_version(message.contest),
        "message": message,
        "question": question,
        "answers": list(selectors.with_relations(question.replies.all())) if question else [],
        "answer_form": AnswerForm(),
        "canned": CannedAnswer.objects.all(),
    }
    return render(request, "jury/clarification.html", context)


def _act(
    request: HttpRequest, pk: int, action: Callable[[Clarification], object], success: str
) -> HttpResponse:
    message = _message(pk)
    attempt(request, lambda: action(message), success)
    return redirect("jury:clarification", message.reply_to_id or message.pk)


@require_POST
@judge_required
def claim(request: HttpRequest, pk: int) -> HttpResponse:
    judge = _judge(request)
    return _act(request, pk, lambda q: service.claim(question=q, judge=judge), "You handle it.")


@require_POST
@judge_required
def release(request: HttpRequest, pk: int) -> HttpResponse:
    judge = _judge(request)
    return _act(request, pk, lambda q: service.release(question=q, judge=judge), "Released.")


@require_POST
@judge_required
def answer(request: HttpRequest, pk: int) -> HttpResponse:
    question = _message(pk)
    if not question.is_question:
        raise Http404("Not a question.")
    form = AnswerForm(posted(request))
    if not form.is_valid():
        context = {
            "contest": question.contest,
            "message": question,
            "question": question,
            "answers": list(selectors.with_relations(question.replies.all())),
            "answer_form": form,
            "canned": CannedAnswer.objects.all(),
        }
        return render(request, "jury/clarification.html", context, status=400)
    judge, data = _judge(request), form.cleaned_data
    return _act(
        request,
        pk,
        lambda q: service.answer(question=q, judge=judge, text=data["text"], to_all=data["to_all"]),
        "Answer sent to every team." if data["to_all"] else "Answer sent to the team.",
    )


@require_POST
@judge_required
def no_reply(request: HttpRequest, pk: int) -> HttpResponse:
    judge = _judge(request)
    return _act(
        request,
        pk,
        lambda q: service.close_without_reply(question=q, judge=judge),
        "Marked as answered without reply.",
    )


@require_POST
@judge_required
def edit(request: HttpRequest, pk: int) -> HttpResponse:
    form = MessageTextForm(posted(request))
    if not form.is_valid():
        messages.error(request, "The new text is empty or too long.")
        return redirect("jury:clarification", pk)
    text, judge = form.cleaned_data["text"], _judge(request)
    return _act(request, pk, lambda m: service.edit(message=m, judge=judge, text=text), "Edited.")


@require_POST
@judge_required
def withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    judge = _judge(request)
    return _act(request, pk, lambda m: service.withdraw(message=m, judge=judge), "Withdrawn.")


@judge_required
def announce(request: HttpRequest) -> HttpResponse:
    contest = jury_contest(request)
    form = AnnounceForm(posted(request), contest=contest)
    if request.method == "POST" and form.is_valid():
        data, judge = form.cleaned_data, _judge(request)
        sent = attempt(
            request,
            lambda: service.announce(
                judge=judge,
                contest=contest,
                text=data["text"],
                problem=data["problem"],
                category=data["category"],
                team=data["team"],
            ),
            "Announcement sent.",
        )
        if sent is not None:
            return redirect(f"{reverse('jury:clarifications')}?contest={contest.pk}")
    status = 400 if request.method == "POST" else 200
    return render(request, "jury/announce.html", {"form": form, "contest": contest}, status=status)
