"""Problem data and contest settings (admins only; judges may read statements)."""

from __future__ import annotations

import tempfile
from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from accounts.permissions import admin_required, judge_required
from contest.models import Contest, Problem
from judge.errors import ServiceError
from judge.models import ImportState, PackageImport
from judge.selectors.coverage import language_statuses
from judge.services import contest_admin, problem_kind, scoring_groups
from jury.forms import (
    ContestSettingsForm,
    NewProblemForm,
    PackageImportForm,
    ProblemForm,
    ScoringGroupsForm,
    TestDataForm,
)
from jury.views.answers import answers_context
from jury.views.common import jury_contest, posted
from jury.views.function_problems import library_ids
from jury.views.uploads import saved_upload


@admin_required
def index(request: HttpRequest) -> HttpResponse:
    context = _index_context(jury_contest(request))
    return render(request, "jury/problems.html", context)


def _index_context(contest: Contest) -> dict[str, object]:
    return {
        "problems": contest.problems.prefetch_related("tests"),
        "import_form": PackageImportForm(),
        "new_form": NewProblemForm(),
        "library_ids": library_ids(),
    }


@admin_required
@require_POST
def create(request: HttpRequest) -> HttpResponse:
    """A problem authored here: a program or submit-answer one, its tests uploaded next."""
    contest = jury_contest(request)
    form = NewProblemForm(request.POST)
    if form.is_valid():
        try:
            problem = problem_kind.create_problem(
                contest=contest,
                admin=request.user,  # type: ignore[arg-type]
                **form.cleaned_data,
            )
        except ServiceError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, f"Problem {problem.letter} created: upload its tests.")
            return redirect("jury:problem", problem.pk)
    context = {**_index_context(contest), "new_form": form}
    return render(request, "jury/problems.html", context, status=400)


def _problem(pk: int) -> Problem:
    return get_object_or_404(Problem.objects.select_related("contest"), pk=pk)


@admin_required
def edit(request: HttpRequest, pk: int) -> HttpResponse:
    problem = _problem(pk)
    form = ProblemForm(posted(request), instance=_problem(pk))
    if request.method == "POST" and form.is_valid():
        try:
            changed = contest_admin.update_problem(
                problem=problem,
                admin=request.user,  # type: ignore[arg-type]
                changes=form.changes(),
            )
        except ServiceError as error:
            form.add_error("kind", error.message)  # nothing saved
        else:
            shown = ", ".join(sorted(changed)) or "nothing changed"
            messages.success(request, f"Saved: {shown}.")
            return redirect("jury:problem", pk)
    context = {
        "problem": problem,
        "form": form,
        "data_form": TestDataForm(),
        "groups_form": ScoringGroupsForm(initial={"groups": scoring_groups.text_of(problem)}),
        "tests": problem.tests.select_related("input", "answer"),
        "defaulted_fields": problem.defaulted_fields,
        "rejudge_url": rejudge_url(problem),
        "coverage": language_statuses(problem) if problem.is_function else [],
        "last_import": PackageImport.objects.filter(
            problem=problem, state=ImportState.DONE, run_check=True
        ).first(),
        **(answers_context(problem) if not problem.is_function else {}),
    }
    return render(request, "jury/problem.html", context, status=400 if form.errors else 200)


def rejudge_url(problem: Problem) -> str:
    query = urlencode({"problems": problem.pk, "reason": f"Problem {problem.letter} changed."})
    return f"{reverse('jury:rejudge_new')}?{query}"


@admin_required
@require_POST
def groups(request: HttpRequest, pk: int) -> HttpResponse:
    """Test groups with points (judge/services/scoring_groups.py)."""
    problem = _problem(pk)
    form = ScoringGroupsForm(request.POST)
    if not form.is_valid():
        messages.error(request, "The groups are too long (at most 5000 characters).")
        return redirect("jury:problem", pk)
    try:
        found = scoring_groups.set_groups(
            problem=problem,
            admin=request.user,  # type: ignore[arg-type]
            text=form.cleaned_data["groups"],
        )
    except ServiceError as error:
        messages.error(request, error.message)
        return redirect("jury:problem", pk)
    done = f"{len(found) - 1} test group(s) with points" if found else "pass-fail, no groups"
    messages.success(
        request, f"Saved: {done}. Rejudge the problem's submissions to score them again."
    )
    return redirect("jury:problem", pk)


@admin_required
@require_POST
def upload_tests(request: HttpRequest, pk: int) -> HttpResponse:
    problem = _problem(pk)
    form = TestDataForm(request.POST, request.FILES)
    if not form.is_valid():
        messages.error(request, "Choose a zip file.")
        return redirect("jury:problem", pk)
    with tempfile.TemporaryDirectory(prefix="juiz-upload-") as tmp:
        try:
            count = contest_admin.replace_test_data(
                problem=problem,
                admin=request.user,  # type: ignore[arg-type]
                archive=saved_upload(form.cleaned_data["archive"], tmp),
            )
        except ServiceError as error:
            messages.error(request, error.message)
            return redirect("jury:problem", pk)
    messages.success(
        request,
        f"{count} test case(s) stored. Verdicts do not change by themselves: "
        "rejudge the problem's submissions to see what the new data changes.",
    )
    return redirect("jury:problem", pk)


@judge_required
def statement(request: HttpRequest, pk: int) -> HttpResponse:
    return render(request, "jury/statement.html", {"problem": _problem(pk)})


@admin_required
def contest_settings(request: HttpRequest) -> HttpResponse:
    contest = jury_contest(request)
    form = ContestSettingsForm(posted(request), instance=jury_contest(request))
    if request.method == "POST" and form.is_valid():
        try:
            changed = contest_admin.update_contest(
                contest=contest,
                admin=request.user,  # type: ignore[arg-type]
                changes=form.changes(),
            )
        except ServiceError as error:
            form.add_error(None, error.message)  # the times out of order: nothing saved
        else:
            shown = ", ".join(sorted(changed)) or "nothing changed"
            messages.success(request, f"Saved: {shown}.")
            return redirect("jury:contest_settings")
    status = 400 if form.errors else 200
    context = {"form": form, "contest": contest}
    return render(request, "jury/contest_settings.html", context, status=status)
