"""Exporting what the import reads: the CSV, and the four CCS Contest Package files. Passwords
are never exported (only their hashes are kept); a team or group made from a CSV has no CCS
id, so its database id stands in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from accounts.bulk import ccs_format, csv_format
from accounts.models import Category, Organization, Role, Team, User

Obj = dict[str, Any]


def team_id(team: Team) -> str:
    return team.external_id or str(team.pk)


def _accounts() -> list[User]:
    roles = list(ccs_format.TYPES)
    users = User.objects.filter(role__in=roles, is_superuser=False).select_related("team")
    return list(users.order_by("username"))


def to_csv() -> str:
    members: dict[int, list[User]] = {}
    for user in _accounts():
        if user.role == Role.TEAM and user.team_id is not None:
            members.setdefault(user.team_id, []).append(user)
    rows: list[dict[str, str]] = []
    for team in Team.objects.select_related("organization", "category"):
        base = {
            "team": team.name,
            "organization": team.organization.name if team.organization else team.affiliation,
            "country": team.organization.country if team.organization else "",
            "group": team.category.name if team.category else "",
            "location": team.location,
            "password": "",
        }
        usernames = [u.username for u in members.get(team.pk, [])] or [""]
        rows.extend(base | {"username": name} for name in usernames)
    return csv_format.write(rows)


def organizations() -> list[Obj]:
    return [
        {
            "id": o.external_id,
            "name": o.name,
            "formal_name": o.formal_name or None,
            "country": o.country or None,
        }
        for o in Organization.objects.all()
    ]


def groups() -> list[Obj]:
    return [{"id": g.external_id or str(g.pk), "name": g.name} for g in Category.objects.all()]


def teams() -> list[Obj]:
    found = Team.objects.select_related("organization", "category")
    return [
        {
            "id": team_id(t),
            "name": t.name,
            "label": team_id(t),
            "display_name": t.name,
            "organization_id": t.organization.external_id if t.organization else None,
            "group_ids": [t.category.external_id or str(t.category.pk)] if t.category else [],
            "x_location": t.location,
        }
        for t in found
    ]


def accounts() -> list[Obj]:
    return [
        {
            "id": u.username,
            "username": u.username,
            "type": ccs_format.TYPES[Role(u.role)],
            "name": u.team.name if u.team else u.get_full_name() or u.username,
            "team_id": team_id(u.team) if u.team and u.role == Role.TEAM else None,
        }
        for u in _accounts()
    ]


def to_ccs() -> dict[str, str]:
    """File name -> its JSON text, for each of the four files."""
    made = {
        "organizations.json": organizations,
        "groups.json": groups,
        "teams.json": teams,
        "accounts.json": accounts,
    }
    return {name: ccs_format.dumps(make()) for name, make in made.items()}


EXPORTS = ("teams.csv", *ccs_format.FILES)


def logos() -> list[tuple[str, bytes]]:
    """(path in a package, content) of each organization's logo."""
    found = []
    for org in Organization.objects.exclude(logo=""):
        suffix = Path(org.logo.name or "").suffix.lower()
        with org.logo.open("rb") as logo:
            found.append((f"organizations/{org.external_id}/logo{suffix}", logo.read()))
    return found


def export(name: str) -> str:
    """One export file's text by its name (one of EXPORTS)."""
    return to_csv() if name == "teams.csv" else to_ccs()[name]
