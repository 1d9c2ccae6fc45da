"""Organizations: Juiz keeps a team's affiliation as free text (accounts.Team.affiliation), so
an organization is one distinct affiliation, with an id derived from its text.

The id is a readable slug with a hash of the exact text: stable while the text is unchanged
(renaming an affiliation is a new organization, which the spec allows), unique without a table,
and within the spec's identifier pattern (at most 36 characters).
"""

from __future__ import annotations

import hashlib

from django.utils.text import slugify

from accounts.models import Team
from api.http import JSON

SLUG_CHARS = 27


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


def organizations() -> list[JSON]:
    names = {affiliation(t) for t in Team.objects.only("affiliation")}
    return [organization_json(name) for name in sorted(n for n in names if n)]


def organization_json(name: str) -> JSON:
    return {"id": organization_id(name), "name": name}
