"""contests/<id>/clarifications: read (what the client may see) and POST (the spec's post_clar
capability, for teams and judges).

A team sees its own questions and the jury messages sent to it, its group or everyone; the jury
sees all; anyone else sees nothing. Withdrawn jury messages are gone for everyone. A POST is
translated into a call of the same services as the web pages.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import HttpRequest, JsonResponse
from django.urls import reverse

from accounts.models import Category, Team, User
from api.filters import ascii_int
from api.http import JSON, ApiError, check_csrf, json_body
from api.serializers.clarifications import clarification_json
from contest.models import Contest, Problem
from judge.errors import ServiceError
from judge.models import Clarification
from judge.selectors import clarifications as selectors
from judge.services import clarifications as service

SERVER_SET = ("id", "time", "contest_time")
FORBIDDEN_CODES = frozenset({"questions_closed", "no_team"})
KNOWN = frozenset(
    {"id", "from_team_id", "to_team_ids", "to_group_ids", "reply_to_id", "problem_id", "text"}
    | set(SERVER_SET)
)


def visible(user: User | None, contest: Contest) -> QuerySet[Clarification]:
    if user is not None and user.is_jury_reader:
        query = Clarification.objects.filter(contest=contest, withdrawn_at=None)
        return selectors.with_relations(query).order_by("time", "id")
    if user is not None and user.team is not None:
        return selectors.for_team(contest, user.team).order_by("time", "id")
    return Clarification.objects.none()


def _optional_id(body: JSON, key: str) -> int | None:
    value = body.get(key)
    if value is None:
        return None
    pk = ascii_int(value) if isinstance(value, str) else None
    if pk is None:
        raise ApiError(400, f"{key} must be a string id or null")
    return pk


def _problem(body: JSON, contest: Contest) -> Problem | None:
    pk = _optional_id(body, "problem_id")
    if pk is None:
        return None
    found = Problem.objects.filter(pk=pk, contest=contest).first()
    if found is None:
        raise ApiError(404, f"problem {body['problem_id']!r} not found")
    return found


def _text(body: JSON) -> str:
    text = body.get("text")
    if not isinstance(text, str):
        raise ApiError(400, "text is required (a string)")
    return text


def _one_of(body: JSON, key: str) -> int | None:
    """to_team_ids / to_group_ids: null, or a list of one id (one recipient is supported)."""
    value = body.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ApiError(400, f"{key} must be an array of string ids or null")
    if len(value) != 1:
        raise ApiError(400, f"{key}: exactly one recipient is supported (or null for all)")
    pk = ascii_int(value[0])
    if pk is None:
        raise ApiError(400, f"{key} holds an invalid id")
    return pk


def _check_body(body: JSON) -> None:
    unknown = sorted(set(body) - KNOWN)
    if unknown:
        raise ApiError(400, f"unknown properties: {', '.join(unknown)}")
    for key in SERVER_SET:
        if key in body:
            raise ApiError(400, f"{key} must not be provided: the server sets it")


def _as_team(user: User, contest: Contest, body: JSON) -> Clarification:
    for key in ("to_team_ids", "to_group_ids"):
        if body.get(key) is not None:
            raise ApiError(403, "Teams cannot send clarifications to another team or group")
    sender = body.get("from_team_id")
    if sender is not None and str(sender) != str(user.team_id):
        raise ApiError(403, "from_team_id must be your own team's id")
    if body.get("reply_to_id") is not None:
        raise ApiError(400, "a team's clarification request replies to nothing (reply_to_id)")
    return service.ask(
        user=user, contest=contest, text=_text(body), problem=_problem(body, contest)
    )


def _question(contest: Contest, pk: int) -> Clarification:
    found = Clarification.objects.filter(pk=pk, contest=contest).exclude(from_team=None).first()
    if found is None:
        raise ApiError(404, f"clarification request {str(pk)!r} not found")
    return found


def _as_jury(user: User, contest: Contest, body: JSON) -> Clarification:
    if body.get("from_team_id") is not None:
        raise ApiError(400, "from_team_id must not be provided by a judge")
    team_pk, group_pk = _one_of(body, "to_team_ids"), _one_of(body, "to_group_ids")
    if team_pk is not None and group_pk is not None:
        raise ApiError(400, "send to one team or to one group, not both")
    text, reply_to = _text(body), _optional_id(body, "reply_to_id")
    if reply_to is not None:
        question = _question(contest, reply_to)
        if group_pk is not None or team_pk not in (None, question.from_team_id):
            raise ApiError(400, "an answer goes to the team that asked, or to all teams")
        return service.answer(question=question, judge=user, text=text, to_all=team_pk is None)
    team = _found(Team, team_pk, "team")
    category = _found(Category, group_pk, "group")
    return service.announce(
        judge=user,
        contest=contest,
        text=text,
        problem=_problem(body, contest),
        team=team,
        category=category,
    )


def _found(model: Any, pk: int | None, what: str) -> Any:
    if pk is None:
        return None
    found = model.objects.filter(pk=pk).first()
    if found is None:
        raise ApiError(404, f"{what} {str(pk)!r} not found")
    return found


def post_clarification(request: HttpRequest, user: User | None, contest: Contest) -> JsonResponse:
    check_csrf(request)
    if user is None:
        raise ApiError(401, "authentication required to send a clarification")
    if user.team_id is None and not user.is_judge:
        raise ApiError(403, "only teams and judges may send clarifications")
    body = json_body(request)
    _check_body(body)
    try:
        created = _as_team(user, contest, body) if user.team_id else _as_jury(user, contest, body)
    except ServiceError as exc:
        raise ApiError(403 if exc.code in FORBIDDEN_CODES else 400, exc.message) from exc
    created = selectors.with_relations(Clarification.objects.filter(pk=created.pk)).get()
    response = JsonResponse(clarification_json(created, contest, user), status=201)
    path = reverse("api:clarification", kwargs={"cid": contest.short_name, "clid": created.pk})
    response["Location"] = request.build_absolute_uri(path)
    return response
