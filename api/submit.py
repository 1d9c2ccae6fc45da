"""POST contests/<id>/submissions: a team submits (the spec's `team_submit` capability).

The request is translated into a call of the same submission service as the web form; every
rule about what may be submitted lives there.
"""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.urls import reverse

from accounts.models import User
from api.filters import ascii_int
from api.http import JSON, ApiError, check_csrf, json_body
from api.serializers.live import submission_json
from api.upload import source_files
from contest.models import Contest, Language, Problem
from contest.services.languages import ANSWERS_LANGUAGE, answers_language
from judge.errors import ServiceError
from judge.services.answer_files import upload_limit_bytes
from judge.services.submit import submit

# Set by the server for team submissions; proxy/admin submission (which may set them) is not
# offered.
SERVER_SET = ("id", "time", "contest_time")
# Service refusals that are about who/when rather than about the request's content.
FORBIDDEN_CODES = frozenset({"contest_not_running", "no_team"})
MAX_ID_LENGTH = 100


def _submitting_team_user(user: User | None, body: JSON) -> User:
    if user is None:
        raise ApiError(401, "authentication required to submit")
    if user.team_id is None:
        raise ApiError(403, "only team accounts can submit (no proxy or admin submission)")
    team_id = body.get("team_id")
    if team_id is not None and str(team_id) != str(user.team_id):
        raise ApiError(403, "team_id must be your own team's id")
    return user


def _reference(body: JSON, key: str) -> str:
    value = body.get(key)
    if not isinstance(value, str) or not value:
        raise ApiError(400, f"{key} is required (a string id)")
    # NUL and unpaired surrogates are refused by PostgreSQL's driver, not as a clean miss.
    if not value.isprintable() or len(value) > MAX_ID_LENGTH:
        raise ApiError(400, f"{key} is not a valid id")
    return value


def _problem(problem_id: str) -> Problem:
    pk = ascii_int(problem_id)
    problem = Problem.objects.filter(pk=pk).first() if pk is not None else None
    if problem is None:
        raise ApiError(400, f"unknown problem_id {problem_id!r}")
    return problem


def _language(language_id: str) -> Language:
    if language_id == ANSWERS_LANGUAGE:  # made on first use (docs/kinds.md)
        return answers_language()
    language = Language.objects.filter(pk=language_id).first()
    if language is None:
        raise ApiError(400, f"unknown language_id {language_id!r}")
    return language


def _check_body(body: JSON) -> None:
    for key in SERVER_SET:
        if key in body:
            raise ApiError(400, f"{key} must not be provided: the server sets it")
    # A program of several files may name its entry point; without one the format's rules
    # choose it (a single file's is found in its source).
    entry_point = body.get("entry_point")
    if entry_point is not None and (not isinstance(entry_point, str) or len(entry_point) > 255):
        raise ApiError(400, "entry_point must be a string (at most 255 characters) or null")


def post_submission(request: HttpRequest, user: User | None, contest: Contest) -> JsonResponse:
    check_csrf(request)
    body = json_body(request)
    team_user = _submitting_team_user(user, body)
    _check_body(body)
    problem = _problem(_reference(body, "problem_id"))
    language = _language(_reference(body, "language_id"))
    files = source_files(body.get("files"), upload_limit_bytes(problem))
    try:
        created = submit(
            user=team_user,
            contest=contest,
            problem=problem,
            language=language,
            files=files,
            entrypoint=(body.get("entry_point") or "").strip(),
        )
    except ServiceError as exc:
        raise ApiError(403 if exc.code in FORBIDDEN_CODES else 400, exc.message) from exc
    response = JsonResponse(submission_json(created, contest, show_code=True), status=201)
    path = reverse("api:submission", kwargs={"cid": contest.short_name, "sid": str(created.pk)})
    response["Location"] = request.build_absolute_uri(path)
    return response
