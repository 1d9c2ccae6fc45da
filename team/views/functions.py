"""The team's page of a function problem: statement, signature and starter per language, the
editor, "Run" (custom input, per-case results) and "Submit" (the normal submission pipeline).
The views only parse requests and call services (contest.services.function_*)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from accounts.models import User
from accounts.permissions import current_user, team_required
from contest.models import Language, Problem
from contest.selectors import contest_for
from judge.errors import ServiceError
from judge.selectors.coverage import HARNESS_LANGUAGES
from judge.services.runs import parse_custom_input, request_run, run_status
from judge.services.submit import submit as submit_service
from judging.functions.casefile import FunctionProblem
from team.function_page import page_context


def function_page(request: HttpRequest, problem: Problem) -> HttpResponse:
    return render(request, "team/function_problem.html", page_context(problem))


def _loaded(problem: Problem) -> FunctionProblem:
    from contest.testdata import function_problem

    return function_problem(problem)


def _function_problem(request: HttpRequest, letter: str) -> Problem | None:
    contest = contest_for(request)
    if contest is None:
        return None
    return Problem.objects.filter(contest=contest, letter=letter, kind="function").first()


def _json_body(request: HttpRequest) -> dict[str, Any]:
    try:
        data = json.loads(request.body or b"{}")
    except (json.JSONDecodeError, UnicodeDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


def _language(data: dict[str, Any]) -> Language | None:
    language_id = data.get("language")
    if language_id not in HARNESS_LANGUAGES:
        return None
    return Language.objects.filter(pk=language_id).first()


def _refused(message: str, status: int = 400) -> JsonResponse:
    return JsonResponse({"error": message}, status=status)


@dataclass(frozen=True)
class _EditorPost:
    """What Run and Submit both read from the editor's request."""

    problem: Problem
    user: User
    data: dict[str, Any]
    language: Language


def _editor_post(request: HttpRequest, letter: str) -> _EditorPost | JsonResponse:
    problem = _function_problem(request, letter)
    user = current_user(request)
    if problem is None or user is None:
        return _refused("No such function problem.", 404)
    data = _json_body(request)
    language = _language(data)
    if language is None or not language.extension_list:
        return _refused("Choose one of the problem's languages.")
    return _EditorPost(problem, user, data, language)


@team_required
@require_POST
def run(request: HttpRequest, letter: str) -> JsonResponse:
    post = _editor_post(request, letter)
    if isinstance(post, JsonResponse):
        return post
    manifest = dict(_loaded(post.problem).manifest)
    try:
        custom = parse_custom_input(str(post.data.get("custom", "")), manifest)
        job_id = request_run(
            user=post.user,
            contest=post.problem.contest,
            problem=post.problem,
            language=post.language,
            source=str(post.data.get("source", "")),
            custom_args=custom,
        )
    except ServiceError as rejected:
        return _refused(rejected.message)
    url = reverse("team:function_run_result", args=[letter, job_id])
    return JsonResponse({"job": job_id, "url": url}, status=202)


@team_required
@require_GET
def run_result(request: HttpRequest, letter: str, job_id: str) -> JsonResponse:
    user = current_user(request)
    assert user is not None
    status = run_status(user, job_id)
    if status is None:
        return _refused("No such run (runs are kept for 10 minutes).", 404)
    return JsonResponse(status)


@team_required
@require_POST
def submit(request: HttpRequest, letter: str) -> JsonResponse:
    """The editor's text as solution.<ext>, through the normal submission service."""
    post = _editor_post(request, letter)
    if isinstance(post, JsonResponse):
        return post
    source = str(post.data.get("source", "")).replace("\r\n", "\n").encode("utf-8")
    try:
        submission = submit_service(
            user=post.user,
            contest=post.problem.contest,
            problem=post.problem,
            filename=f"solution.{post.language.extension_list[0]}",
            source=source,
            language=post.language,
        )
    except ServiceError as rejected:
        return _refused(rejected.message)
    url = reverse("team:submission", args=[submission.pk])
    return JsonResponse({"id": submission.pk, "url": url}, status=201)
