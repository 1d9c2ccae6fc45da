"""POST organizations and accounts, PUT and DELETE organizations/<id> and accounts/<id>:
admins only, with the rules and helpers of api.writes.config.

An organization's id derives from its name (api.organizations), and the spec forbids an id to
change: a PUT keeps the name (409 otherwise; a new name is a new organization, POSTed), and
sets the formal name and the country. A PUT of an organization that only teams' affiliations
make gives it a row. A delete while a team names it is a 409 (referential integrity).

An account's id is its database id. Its type is its role: team, judge, admin, or staff (a
runner); "analyst" and the rest are refused, as are ip and person_id (Juiz has neither). A
team account has a team_id, no other has one. The password is written, never read back: a PUT
without one keeps the account's. An admin cannot delete or demote its own account.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse

from accounts.edits import delete_account, delete_organization, save_account, save_organization
from accounts.models import Organization, Role, Team, User
from api.filters import ascii_int
from api.http import JSON, ApiError, check_csrf, not_found
from api.organizations import organization_id, organization_json, organization_name
from api.serializers.config import ACCOUNT_TYPES, account_json
from api.writes.body import check_id, require_admin, text
from api.writes.config import NAME_LIMITS, admin_body, created, no_id, row_of, saved
from contest.models import Contest

ORGANIZATION_KEYS = ("id", "name", "formal_name", "country")
ACCOUNT_KEYS = ("id", "username", "password", "name", "type", "ip", "team_id", "person_id")
ROLES = {kind: Role(role) for role, kind in ACCOUNT_TYPES.items()}
TEXT_LIMITS = {"formal_name": 255, "name": 150, "password": 128, "username": 150}


def _optional(body: JSON, key: str) -> str:
    """An optional string property: "" for null or absent."""
    value = body.get(key)
    if value is None:
        return ""
    if not isinstance(value, str) or len(value) > TEXT_LIMITS[key] or not value.isprintable():
        raise ApiError(400, f"{key} must be a printable string of at most {TEXT_LIMITS[key]}")
    return value.strip()


def _must_be_null(body: JSON, *keys: str) -> None:
    for key in keys:
        if body.get(key) is not None:
            raise ApiError(400, f"{key} must be null: Juiz does not keep it")


# --- organizations ------------------------------------------------------------------------


def _organization_fields(body: JSON) -> dict[str, str]:
    country = body.get("country")
    if country is not None and not (isinstance(country, str) and _is_alpha3(country)):
        raise ApiError(400, "country must be an ISO 3166-1 alpha-3 code such as PRT (or null)")
    return {"formal_name": _optional(body, "formal_name"), "country": country or ""}


def _is_alpha3(code: str) -> bool:
    return len(code) == 3 and code.isascii() and code.isalpha() and code.isupper()


def post_organization(request: HttpRequest, user: User | None, contest: Contest) -> JsonResponse:
    body = admin_body(request, user, ORGANIZATION_KEYS, "organizations")
    no_id(body)
    name = text(body, "name", NAME_LIMITS["organizations"])
    oid = organization_id(name)
    if organization_name(oid) is not None:
        raise ApiError(409, f"organization {name!r} exists already (id {oid})")
    fields = _organization_fields(body)
    row = saved(save_organization, row=None, name=name, external_id=oid, **fields)
    return created(request, contest, "api:organization", organization_json(name, row))


def put_organization(request: HttpRequest, user: User | None, oid: str) -> JSON:
    body = admin_body(request, user, ORGANIZATION_KEYS, "organizations")
    check_id(body, oid)
    name = organization_name(oid)
    if name is None:
        raise not_found(f"organization {oid!r}")
    if text(body, "name", NAME_LIMITS["organizations"]) != name:
        raise ApiError(409, "a new name is a new id in Juiz: POST the organization instead")
    fields = _organization_fields(body)
    row = Organization.objects.filter(name=name).first()
    found = saved(save_organization, row=row, name=name, external_id=oid, **fields)
    return organization_json(name, found)


def delete_organization_view(request: HttpRequest, user: User | None, oid: str) -> HttpResponse:
    check_csrf(request)
    require_admin(user, "delete organizations")
    name = organization_name(oid)
    if name is None:
        raise not_found(f"organization {oid!r}")
    row = Organization.objects.filter(name=name).first()
    saved(delete_organization, row=row, name=name)
    return HttpResponse(status=204)


# --- accounts -----------------------------------------------------------------------------


def _username(body: JSON) -> str:
    username = text(body, "username", TEXT_LIMITS["username"])
    try:
        UnicodeUsernameValidator()(username)
    except ValidationError as exc:
        raise ApiError(400, f"username: {' '.join(exc.messages)}") from exc
    return username


def _role(body: JSON) -> Role:
    kind = body.get("type")
    if not isinstance(kind, str) or kind not in ROLES:
        allowed = ", ".join(ROLES)
        raise ApiError(400, f"type must be one of {allowed} (Juiz has no {kind!r} accounts)")
    return ROLES[kind]


def _team(body: JSON, role: Role) -> Team | None:
    wanted = body.get("team_id")
    if role != Role.TEAM:
        if wanted is not None:
            raise ApiError(400, "team_id is only for team accounts")
        return None
    if not isinstance(wanted, str):
        raise ApiError(400, "team_id is required for a team account")
    pk = ascii_int(wanted)
    team = Team.objects.filter(pk=pk).first() if pk is not None else None
    if team is None:
        raise ApiError(400, f"unknown team_id {wanted!r}")
    return team


def _account_fields(body: JSON) -> dict[str, Any]:
    _must_be_null(body, "ip", "person_id")
    role = _role(body)
    password = _optional(body, "password") if body.get("password") is not None else None
    if password == "":
        raise ApiError(400, "password must not be empty (or null: keep the account's)")
    return {
        "username": _username(body),
        "name": _optional(body, "name"),
        "role": role,
        "team": _team(body, role),
        "password": password,
    }


def post_account(request: HttpRequest, user: User | None, contest: Contest) -> JsonResponse:
    body = admin_body(request, user, ACCOUNT_KEYS, "accounts")
    no_id(body)
    account = saved(save_account, user=None, **_account_fields(body))
    return created(request, contest, "api:account", account_json(account))


def put_account(request: HttpRequest, user: User | None, aid: str) -> JSON:
    body = admin_body(request, user, ACCOUNT_KEYS, "accounts")
    check_id(body, aid)
    account = row_of(User, aid, "account")
    fields = _account_fields(body)
    if user is not None and account.pk == user.pk and fields["role"] != Role.ADMIN:
        raise ApiError(409, "an admin cannot take its own account's admin role")
    return account_json(saved(save_account, user=account, **fields))


def delete_account_view(request: HttpRequest, user: User | None, aid: str) -> HttpResponse:
    check_csrf(request)
    admin = require_admin(user, "delete accounts")
    saved(delete_account, user=row_of(User, aid, "account"), by=admin)
    return HttpResponse(status=204)
