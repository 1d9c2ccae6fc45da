"""A problem's model solution and its generated answers, on the jury's problem page."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from accounts.permissions import admin_required
from contest.models import Problem
from contest.services.answers import answers_stale
from judge.errors import ServiceError
from judge.services import answers
from jury.forms import ModelSolutionForm


def answers_context(problem: Problem) -> dict[str, Any]:
    """What the problem page shows of the model solution and of the stages."""
    generated = problem.tests.filter(answer_generated=True).count()
    return {
        "solution_form": ModelSolutionForm(initial={"language": problem.answer_language or None}),
        "answers_generated": generated,
        "answers_stale": answers_stale(problem) if problem.answer_source_id else False,
    }


@admin_required
@require_POST
def model_solution(request: HttpRequest, pk: int) -> HttpResponse:
    problem = get_object_or_404(Problem, pk=pk)
    form = ModelSolutionForm(request.POST, request.FILES)
    if not form.is_valid():
        messages.error(request, "Choose the solution's file and its language.")
        return redirect("jury:problem", pk)
    upload = form.cleaned_data["source"]
    try:
        answers.set_model_solution(
            problem=problem,
            admin=request.user,  # type: ignore[arg-type]
            filename=upload.name,
            source=upload.read(),
            language_id=form.cleaned_data["language"].pk,
            every_test=form.cleaned_data["every_test"],
        )
    except ServiceError as error:
        messages.error(request, error.message)
        return redirect("jury:problem", pk)
    messages.success(request, "Model solution stored: a worker makes the answers now.")
    return redirect("jury:problem", pk)


@admin_required
@require_POST
def make_answers(request: HttpRequest, pk: int) -> HttpResponse:
    problem = get_object_or_404(Problem, pk=pk)
    try:
        answers.request_answers(problem=problem)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, "A worker makes the answers (if the data changed).")
    return redirect("jury:problem", pk)
