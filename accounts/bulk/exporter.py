"""Exporting what the import reads: the CSV, and the four CCS Contest Package files. Passwords
are never exported (only their hashes are kept); a team or group made from a CSV has no CCS
id, so its database id stands in.

The CCS files are every team on the site, or a Roster's: one contest's teams with their group
there (a Contest Package, judge.ccs_package.people), and only the organizations, groups and
team accounts those teams need."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db.models import Q, QuerySet

from accounts.bulk import ccs_format, csv_format
from accounts.models import Category, Organization, Role, Team, User

Obj = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Roster:
    """The teams to export, and each one's group where it is not its own (contest links)."""

    teams: QuerySet[Team]
    groups: dict[int, int | None] = field(default_factory=dict)

    def group_of(self, team: Team) -> int | None:
        return self.groups.get(team.pk, team.category_id)


def _site() -> Roster:
    return Roster(Team.objects.all())


def team_id(team: Team) -> str:
    return team.external_id or str(team.pk)


def _accounts(roster: Roster | None = None) -> list[User]:
    """Every account but a team account of a team not exported."""
    roles = list(ccs_format.TYPES)
    users = User.objects.filter(role__in=roles, is_superuser=False).select_related("team")
    if roster is not None:
        exported = Q(team__isnull=True) | Q(team__in=roster.teams.values("pk"))
        users = users.filter(~Q(role=Role.TEAM) | exported)
    return sorted(users, key=lambda u: u.username)


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


def organizations(roster: Roster | None = None) -> list[Obj]:
    found = Organization.objects.all()
    if roster is not None:
        found = found.filter(teams__in=roster.teams.values("pk")).distinct()
    return [
        {
            "id": o.external_id,
            "name": o.name,
            "formal_name": o.formal_name or None,
            "country": o.country or None,
        }
        for o in found
    ]


def _group_id(group: Category) -> str:
    return group.external_id or str(group.pk)


def groups(roster: Roster | None = None) -> list[Obj]:
    found = Category.objects.all()
    if roster is not None:
        found = found.filter(pk__in={roster.group_of(t) for t in roster.teams})
    return [{"id": _group_id(g), "name": g.name} for g in found]


def teams(roster: Roster | None = None) -> list[Obj]:
    roster = roster or _site()
    found = roster.teams.select_related("organization").order_by("pk")
    by_pk = {g.pk: g for g in Category.objects.all()}
    return [
        {
            "id": team_id(t),
            "name": t.name,
            "label": team_id(t),
            "display_name": t.name,
            "organization_id": t.organization.external_id if t.organization else None,
            "group_ids": [_group_id(by_pk[g]) for g in [roster.group_of(t)] if g is not None],
            "x_location": t.location,
        }
        for t in found
    ]


def accounts(roster: Roster | None = None) -> list[Obj]:
    return [
        {
            "id": u.username,
            "username": u.username,
            "type": ccs_format.TYPES[Role(u.role)],
            "name": u.team.name if u.team else u.get_full_name() or u.username,
            "team_id": team_id(u.team) if u.team and u.role == Role.TEAM else None,
        }
        for u in _accounts(roster)
    ]


def to_ccs(roster: Roster | None = None) -> dict[str, str]:
    """File name -> its JSON text, for each of the four files (of every team, or the
    roster's)."""
    made = {
        "organizations.json": organizations,
        "groups.json": groups,
        "teams.json": teams,
        "accounts.json": accounts,
    }
    return {name: ccs_format.dumps(make(roster)) for name, make in made.items()}


EXPORTS = ("teams.csv", *ccs_format.FILES)


def logos(roster: Roster | None = None) -> list[tuple[str, bytes]]:
    """(path in a package, content) of each organization's logo (of the roster's teams)."""
    found = []
    orgs = Organization.objects.exclude(logo="")
    if roster is not None:
        orgs = orgs.filter(teams__in=roster.teams.values("pk")).distinct()
    for org in orgs:
        suffix = Path(org.logo.name or "").suffix.lower()
        with org.logo.open("rb") as logo:
            found.append((f"organizations/{org.external_id}/logo{suffix}", logo.read()))
    return found


def export(name: str) -> str:
    """One export file's text by its name (one of EXPORTS)."""
    return to_csv() if name == "teams.csv" else to_ccs()[name]
