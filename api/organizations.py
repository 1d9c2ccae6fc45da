"""Organizations: Juiz keeps a team's affiliation as free text (accounts.Team.affiliation), so
an organization is one distinct affiliation, with an id derived from its text; an
accounts.Organization row of that name (the admin pages', the bulk import's, or the API's POST)
adds its formal name and country, and is an organization even before any team names it.

The id is a readable slug with a hash of the exact text: stable while the text is unchanged
(renaming an affiliation is a new organization, which the spec allows), unique without a table,
and within the spec's identifier pattern (at most 36 characters).
"""

from __future__ import annotations

import hashlib
import re

from django.utils.text import slugify

from accounts.models import Organization, Team
from api.http import JSON

SLUG_CHARS = 27
_COUNTRY = re.compile(r"^[A-Z]{3}$")  # ISO 3166-1 alpha-3, as the spec's schema has it


def organization_id(affiliation: str) -> str:
    digest = hashlib.sha256(affiliation.encode()).hexdigest()[:8]
    slug = slugify(affiliation)[:SLUG_CHARS].strip("-")
    return f"{slug}-{digest}" if slug else f"org-{digest}"


def affiliation(team: Team) -> str | None:
    name = team.affiliation.strip()
    return name or None


def team_organization_id(team: Team) -> str | None:
    name = affiliation(team)
    return organization_id(name) if name else None


def _rows() -> dict[str, Organization]:
    return {row.name.strip(): row for row in Organization.objects.all() if row.name.strip()}


def organizations() -> list[JSON]:
    rows = _rows()
    names = {affiliation(t) for t in Team.objects.only("affiliation")} | set(rows)
    return [organization_json(name, rows.get(name)) for name in sorted(n for n in names if n)]


def organization_name(oid: str) -> str | None:
    """The name of the organization the API lists with this id, or None."""
    for found in organizations():
        if found["id"] == oid:
            return str(found["name"])
    return None


def organization_json(name: str, row: Organization | None = None) -> JSON:
    return {
        "id": organization_id(name),
        "name": name,
        "formal_name": (row.formal_name or None) if row is not None else None,
        "country": _country(row),
    }


def _country(row: Organization | None) -> str | None:
    """Only a code the spec allows: an admin page's free text may be anything."""
    code = row.country.strip().upper() if row is not None else ""
    return code if _COUNTRY.match(code) else None
