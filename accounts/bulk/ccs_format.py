"""The CCS Contest Package's organizations.json, groups.json, teams.json and accounts.json
(../shared/ccs-specs/JSON_Format.md): each a JSON array of objects; references are by id.

What Juiz keeps of them: an organization's id, name, formal name and country; a group's id and
name; a team's id, name (display_name when given), organization and first group (a Juiz team
has one category), and its room/desk location as the extension `x_location` (the spec's
`location` is a floor-map position); an account's username, type, team, name and password.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from accounts.bulk.specs import (
    AccountSpec,
    Bulk,
    GroupSpec,
    OrgSpec,
    Ref,
    RowError,
    TeamSpec,
    Where,
)
from accounts.models import Role

FILES = ("organizations.json", "groups.json", "teams.json", "accounts.json")
ROLES = {"team": Role.TEAM, "judge": Role.JUDGE, "admin": Role.ADMIN, "staff": Role.RUNNER}
TYPES = {role: kind for kind, role in ROLES.items()}

Obj = dict[str, Any]


def read(files: dict[str, str]) -> Bulk:
    """files: file name -> its text; the names must be among FILES."""
    bulk = Bulk()
    for name in FILES:
        if name in files:
            for where, obj in _objects(name, files[name], bulk):
                READERS[name](bulk, where, obj)
    return bulk


def _objects(name: str, text: str, bulk: Bulk) -> list[tuple[Where, Obj]]:
    try:
        data = json.loads(text)
    except ValueError as error:
        bulk.errors.append(RowError(Where(name, 0), "(file)", f"not JSON: {error}"))
        return []
    if not isinstance(data, list):
        bulk.errors.append(RowError(Where(name, 0), "(file)", "must be a JSON array of objects"))
        return []
    found = []
    for i, obj in enumerate(data, start=1):
        if isinstance(obj, dict):
            found.append((Where(name, i), obj))
        else:
            bulk.errors.append(RowError(Where(name, i), "(row)", "is not an object"))
    return found


def _text(bulk: Bulk, where: Where, obj: Obj, key: str, *, required: bool = False) -> str:
    value = obj.get(key)
    if value is None:
        if required:
            bulk.errors.append(RowError(where, key, "is required"))
        return ""
    if not isinstance(value, str):
        bulk.errors.append(RowError(where, key, "must be a string"))
        return ""
    if required and not value.strip():
        bulk.errors.append(RowError(where, key, "is empty"))
    return value.strip()


def _organization(bulk: Bulk, where: Where, obj: Obj) -> None:
    ident = _text(bulk, where, obj, "id", required=True)
    name = _text(bulk, where, obj, "name", required=True)
    formal = _text(bulk, where, obj, "formal_name")
    country = _text(bulk, where, obj, "country")
    bulk.organizations.append(OrgSpec(where, ident, name, formal, country))


def _group(bulk: Bulk, where: Where, obj: Obj) -> None:
    ident = _text(bulk, where, obj, "id", required=True)
    bulk.groups.append(GroupSpec(where, ident, _text(bulk, where, obj, "name", required=True)))


def _team(bulk: Bulk, where: Where, obj: Obj) -> None:
    ident = _text(bulk, where, obj, "id", required=True)
    name = _text(bulk, where, obj, "display_name") or _text(bulk, where, obj, "name", required=True)
    org = _text(bulk, where, obj, "organization_id")
    groups = obj.get("group_ids") or []
    if not isinstance(groups, list) or not all(isinstance(g, str) for g in groups):
        bulk.errors.append(RowError(where, "group_ids", "must be an array of ids"))
        groups = []
    location = _text(bulk, where, obj, "x_location")
    spec = TeamSpec(
        where,
        ident,
        name,
        Ref("id", org) if org else None,
        Ref("id", groups[0]) if groups else None,
        location,
    )
    bulk.teams.append(spec)


def _account(bulk: Bulk, where: Where, obj: Obj) -> None:
    username = _text(bulk, where, obj, "username", required=True)
    kind = _text(bulk, where, obj, "type", required=True)
    if kind and kind not in ROLES:
        known = ", ".join(ROLES)
        bulk.errors.append(RowError(where, "type", f"{kind!r} is not one Juiz has ({known})"))
    team = _text(bulk, where, obj, "team_id")
    if kind == "team" and not team:
        bulk.errors.append(RowError(where, "team_id", "a team account needs one"))
    password = obj.get("password")
    if password is not None and not isinstance(password, str):
        bulk.errors.append(RowError(where, "password", "must be a string"))
        password = None
    role = ROLES.get(kind, Role.TEAM)
    ref = Ref("id", team) if team else None
    name = _text(bulk, where, obj, "name")
    bulk.accounts.append(AccountSpec(where, username, role, ref, password or None, name))


READERS: dict[str, Callable[[Bulk, Where, Obj], None]] = {
    "organizations.json": _organization,
    "groups.json": _group,
    "teams.json": _team,
    "accounts.json": _account,
}


def dumps(objects: list[Obj]) -> str:
    return json.dumps(objects, indent=2, ensure_ascii=False) + "\n"
