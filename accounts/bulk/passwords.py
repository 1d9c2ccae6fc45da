"""Generated passwords for team accounts: made, hashed and stored at once, and handed back in
plain text exactly once, for the sheets the organisers print (one per team)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.db import transaction
from django.utils.text import slugify

from accounts.models import Role, Team, User

# No 0/O, 1/l/I: read off paper and typed by someone nervous.
ALPHABET = "abcdefghijkmnpqrstuvwxyzACDEFGHJKLMNPQRTUVWXY346789"
LENGTH = 10


@dataclass(frozen=True, slots=True)
class Sheet:
    team: str
    location: str
    username: str
    password: str


def new_password() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def generate(
    *, only_missing: bool, team_ids: list[int] | None = None, create_accounts: bool = False
) -> list[Sheet]:
    """New passwords for team accounts (only those without a usable one, if only_missing; only
    the given teams', if team_ids), one sheet each, by team then username. With
    create_accounts, a team without an account first gets one (see _new_username)."""
    users = User.objects.filter(role=Role.TEAM, team__isnull=False).select_related("team")
    if team_ids is not None:
        users = users.filter(team_id__in=team_ids)
    sheets = []
    with transaction.atomic():
        if create_accounts:
            _create_accounts(team_ids)
        for user in users.select_for_update(of=("self",)).order_by("team__name", "username"):
            if only_missing and user.has_usable_password():
                continue
            password = new_password()
            user.set_password(password)
            user.save(update_fields=["password"])
            assert user.team is not None
            sheets.append(Sheet(user.team.name, user.team.location, user.username, password))
    return sheets


def _create_accounts(team_ids: list[int] | None) -> None:
    teams = Team.objects.filter(members__isnull=True)
    if team_ids is not None:
        teams = teams.filter(pk__in=team_ids)
    for team in teams:
        user = User(username=_new_username(team), role=Role.TEAM, team=team)
        user.set_unusable_password()  # the loop that follows gives it one
        user.save()


def _new_username(team: Team) -> str:
    """The team's CCS id, else its name's slug (ASCII letters, digits, - and _: a valid
    username that is easy to type), with -2, -3 ... when taken."""
    base = slugify(team.external_id or team.name)[:140] or f"team-{team.pk}"
    name, n = base, 1
    while User.objects.filter(username=name).exists():
        n += 1
        name = f"{base}-{n}"
    return name
