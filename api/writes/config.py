"""POST teams and groups, PUT and DELETE teams/<id> and groups/<id>: admins only; the helpers
every configuration write shares (api.writes.people writes organizations and accounts, and
api.writes.one routes PUT and DELETE).

The spec gives these only its general rules (HTTP methods; referential integrity): POST has no
id and answers 201 with a Location, PUT names its object twice (409 when they differ) and
replaces every property, DELETE answers 204 with no body, and 404 when the object is not there.
Juiz's ids are its database ids, assigned on creation: a PUT of an id that does not exist is a
404 (create with POST). A team's organization is its affiliation (api.organizations): an
`organization_id` must be one the organizations endpoint lists. A team has at most one group.
What cannot be honoured is refused, never half-written: label and display_name are the id
and the name in Juiz, a group has no type. A delete that would erase submissions or
messages is a 409. The writes are accounts.edits' services.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse

from accounts.edits import EditError, delete, save_group, save_team
from accounts.models import Category, Team, User
from api.filters import ascii_int
from api.http import JSON, ApiError, check_csrf, json_body, not_found
from api.organizations import organization_name
from api.serializers.config import group_json, team_json
from api.writes.body import check_id, check_keys, require_admin, text
from contest.models import Contest, ContestTeam

TEAM_KEYS = ("id", "name", "label", "display_name", "organization_id", "group_ids")
GROUP_KEYS = ("id", "name", "type")
NAME_LIMITS = {"teams": 100, "groups": 100, "organizations": 200}


def admin_body(request: HttpRequest, user: User | None, keys: tuple[str, ...], what: str) -> JSON:
    check_csrf(request)
    require_admin(user, f"change {what}")
    body = json_body(request)
    check_keys(body, keys)
    return body


def row_of(model: Any, object_id: str, what: str) -> Any:
    pk = ascii_int(object_id)
    found = model.objects.filter(pk=pk).first() if pk is not None else None
    if found is None:
        raise not_found(f"{what} {object_id!r}")
    return found


def saved(call: Any, **kwargs: Any) -> Any:
    try:
        return call(**kwargs)
    except EditError as exc:
        raise ApiError(409, exc.message) from exc


# Each object URL's name and the name of its id in it.
_URL_IDS = {"api:team": "tid", "api:group": "gid", "api:organization": "oid", "api:account": "aid"}


def created(request: HttpRequest, contest: Contest, url: str, obj: JSON) -> JsonResponse:
    response = JsonResponse(obj, status=201)
    path = reverse(url, kwargs={"cid": contest.short_name, _URL_IDS[url]: obj["id"]})
    response["Location"] = request.build_absolute_uri(path)
    return response


def no_id(body: JSON) -> None:
    if "id" in body:
        raise ApiError(400, "id must not be provided: the server assigns it (or PUT)")


# --- teams --------------------------------------------------------------------------------


def _affiliation(body: JSON) -> str | None:
    wanted = body.get("organization_id")
    if wanted is None:
        return None
    name = organization_name(wanted) if isinstance(wanted, str) else None
    if name is None:
        raise ApiError(400, f"unknown organization_id {wanted!r}")
    return name


def _group_of(body: JSON) -> Category | None:
    ids = body.get("group_ids")
    if ids is None or ids == []:
        return None
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        raise ApiError(400, "group_ids must be an array of string ids")
    if len(ids) > 1:
        raise ApiError(400, "group_ids: a team has at most one group in Juiz")
    pk = ascii_int(ids[0])
    group = Category.objects.filter(pk=pk).first() if pk is not None else None
    if group is None:
        raise ApiError(400, f"unknown group id {ids[0]!r}")
    return group


def _team_fields(body: JSON, team_id: str | None) -> dict[str, Any]:
    name = text(body, "name", NAME_LIMITS["teams"])
    if body.get("label") not in (None, team_id):
        raise ApiError(400, "label must be the team's id (or null): Juiz labels teams by id")
    if body.get("display_name") not in (None, name):
        raise ApiError(400, "display_name must be the name (or null): Juiz has one name")
    return {"name": name, "affiliation": _affiliation(body), "category": _group_of(body)}


def post_team(request: HttpRequest, user: User | None, contest: Contest) -> JsonResponse:
    body = admin_body(request, user, TEAM_KEYS, "teams")
    no_id(body)
    team = saved(save_team, team=None, **_team_fields(body, None))
    # Posted to this contest's teams: it competes here even where only linked teams do.
    ContestTeam.objects.get_or_create(contest=contest, team=team)
    # As the contest's teams endpoint shows it (a new team has no link: its own category).
    return created(request, contest, "api:team", team_json(team, team.category_id))


def put_team(request: HttpRequest, user: User | None, tid: str) -> JSON:
    body = admin_body(request, user, TEAM_KEYS, "teams")
    check_id(body, tid)
    team = row_of(Team, tid, "team")
    found = saved(save_team, team=team, **_team_fields(body, tid))
    # Its own category, which PUT sets; a contest's link may give it another there.
    return team_json(found, found.category_id)


def delete_team(request: HttpRequest, user: User | None, tid: str) -> HttpResponse:
    check_csrf(request)
    require_admin(user, "delete teams")
    saved(delete, row=row_of(Team, tid, "team"))
    return HttpResponse(status=204)


# --- groups -------------------------------------------------------------------------------


def _group_name(body: JSON) -> str:
    if body.get("type") is not None:
        raise ApiError(400, "type must be null: Juiz's groups have no type")
    return text(body, "name", NAME_LIMITS["groups"])


def post_group(request: HttpRequest, user: User | None, contest: Contest) -> JsonResponse:
    body = admin_body(request, user, GROUP_KEYS, "groups")
    no_id(body)
    group = saved(save_group, group=None, name=_group_name(body))
    return created(request, contest, "api:group", group_json(group))


def put_group(request: HttpRequest, user: User | None, gid: str) -> JSON:
    body = admin_body(request, user, GROUP_KEYS, "groups")
    check_id(body, gid)
    group = row_of(Category, gid, "group")
    return group_json(saved(save_group, group=group, name=_group_name(body)))


def delete_group(request: HttpRequest, user: User | None, gid: str) -> HttpResponse:
    check_csrf(request)
    require_admin(user, "delete groups")
    saved(delete, row=row_of(Category, gid, "group"))
    return HttpResponse(status=204)
