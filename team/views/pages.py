"""Public contest pages: home (phase, countdown), problem list and statements."""

from __future__ import annotations

from django.http import FileResponse, Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404, render
from django.utils.http import content_disposition_header

from accounts.permissions import current_user
from contest.models import Contest, Problem
from contest.models.contest import Phase
from contest.selectors import contest_for
from judge.selectors.standing import team_problem_status
from team import samples


def _problems_visible(request: HttpRequest, contest: Contest) -> bool:
    """Statements are secret until the start, except to the jury."""
    user = current_user(request)
    if user is not None and user.is_jury_reader:
        return True
    return contest.phase() != Phase.BEFORE


def home(request: HttpRequest) -> HttpResponse:
    contest = contest_for(request)
    context: dict[str, object] = {"contest": contest}
    if contest is not None:
        visible = _problems_visible(request, contest)
        context["problems_visible"] = visible
        user = current_user(request)
        team_id = user.team_id if user is not None else None
        if visible:
            context["rows"] = team_problem_status(contest, team_id)
    return render(request, "team/home.html", context)


def problem_list(request: HttpRequest) -> HttpResponse:
    contest = contest_for(request)
    if contest is None:
        return render(request, "team/no_contest.html", status=404)
    visible = _problems_visible(request, contest)
    problems = list(contest.problems.all()) if visible else []
    return render(
        request,
        "team/problem_list.html",
        {"problems": problems, "problems_visible": visible},
    )


def _visible_problem(request: HttpRequest, letter: str) -> Problem:
    contest = contest_for(request)
    if contest is None or not _problems_visible(request, contest):
        raise Http404("No such problem.")
    return get_object_or_404(Problem, contest=contest, letter=letter)


def problem_detail(request: HttpRequest, letter: str) -> HttpResponse:
    problem = _visible_problem(request, letter)
    if problem.is_function:
        from team.views.functions import function_page

        return function_page(request, problem)
    talks = samples.interactions(problem)
    context = {
        "problem": problem,
        # An interaction shows what a sample's input and answer cannot (the format's rule).
        "samples": [] if talks else samples.test_samples(problem),
        "interactions": talks,
        "answer_slots": samples.answer_slots(problem),
    }
    return render(request, "team/problem_detail.html", context)


def problem_input(request: HttpRequest, letter: str, order: int) -> HttpResponse:
    """A submit-answer problem's test input: the team solves it offline and uploads the
    answer. Other problems' inputs stay the jury's (404)."""
    problem = _visible_problem(request, letter)
    if not problem.is_submit_answer:
        raise Http404("Only a submit-answer problem's inputs are given out.")
    test = get_object_or_404(problem.tests.select_related("input"), order=order)
    response = HttpResponse(test.input.read(), content_type="text/plain; charset=utf-8")
    name = f"{test.name.rsplit('/', 1)[-1]}.in"
    response["Content-Disposition"] = content_disposition_header(True, name) or "attachment"
    response["X-Content-Type-Options"] = "nosniff"
    return response


def problem_pdf(request: HttpRequest, letter: str) -> HttpResponseBase:
    problem = _visible_problem(request, letter)
    if not problem.statement_pdf:
        raise Http404("This problem has no PDF statement.")
    return FileResponse(
        problem.statement_pdf.open("rb"),
        content_type="application/pdf",
        filename=f"{problem.letter}.pdf",
    )
