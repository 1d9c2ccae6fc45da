"""Function problems on the jury's problem pages (admins): import one from the library, see
per language whether it is judged (and why not), ask the workers to verify again."""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from accounts.permissions import admin_required
from contest.models import Problem
from judge.errors import ServiceError
from judge.services.coverage import import_function_problem, request_verification
from jury.views.common import jury_contest


def library_ids() -> list[str]:
    """The library's problems (library/); empty when the library is not there."""
    try:
        from library import index
    except ImportError:
        return []
    return sorted(index.library_ids())


@admin_required
@require_POST
def import_function(request: HttpRequest) -> HttpResponse:
    contest = jury_contest(request)
    library_id = request.POST.get("library_id", "").strip()
    letter = request.POST.get("letter", "").strip().upper() or None
    try:
        problem = import_function_problem(contest, library_id, letter=letter)
    except ServiceError as error:
        messages.error(request, error.message)
        return redirect("jury:problems")
    messages.success(
        request,
        f"Problem {problem} imported; the workers now verify its reference in each language.",
    )
    return redirect("jury:problem", problem.pk)


@admin_required
@require_POST
def reverify(request: HttpRequest, pk: int) -> HttpResponse:
    problem = get_object_or_404(Problem, pk=pk)
    if not problem.is_function:
        messages.error(request, f"{problem} is not a function problem: it has no references.")
        return redirect("jury:problem", pk)
    with transaction.atomic():
        request_verification(problem)
    messages.success(request, f"Verification of {problem} queued for every language.")
    return redirect("jury:problem", pk)
