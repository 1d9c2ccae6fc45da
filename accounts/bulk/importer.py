"""Writing an import: organizations, then groups, then teams, then accounts, in one
transaction. Each row updates the row it matches (by CCS id, else by name; accounts by
username) or creates one. Every refusal is collected, naming the row and the field, and any
refusal rolls the whole import back.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.db import models, transaction
from django.utils.text import slugify

from accounts.bulk.specs import (
    AccountSpec,
    Bulk,
    BulkImportError,
    GroupSpec,
    OrgSpec,
    Ref,
    RowError,
    TeamSpec,
    Where,
)
from accounts.models import Category, Organization, Role, Team, User

IDENTIFIER = re.compile(r"^[A-Za-z0-9_]([A-Za-z0-9_.-]{0,34}[A-Za-z0-9_-])?$")  # the spec's
COUNTRY = re.compile(r"^[A-Z]{3}$")


@dataclass(slots=True)
class Counts:
    created: dict[str, int] = field(default_factory=dict)
    updated: dict[str, int] = field(default_factory=dict)

    def add(self, kind: str, created: bool) -> None:
        into = self.created if created else self.updated
        into[kind] = into.get(kind, 0) + 1

    def summary(self) -> str:
        def part(d: dict[str, int]) -> str:
            return ", ".join(f"{n} {k if n != 1 else k[:-1]}" for k, n in d.items()) or "nothing"

        return f"created {part(self.created)}; updated {part(self.updated)}"


def bulk_import(bulk: Bulk) -> Counts:
    """Write one import, or raise BulkImportError having written nothing."""
    if bulk.errors:
        raise BulkImportError(bulk.errors)
    writer = _Writer()
    with transaction.atomic():
        writer.run(bulk)
        if writer.errors:
            raise BulkImportError(writer.errors)  # leaving the block rolls it all back
    return writer.counts


class _Writer:
    def __init__(self) -> None:
        self.errors: list[RowError] = []
        self.counts = Counts()
        self.orgs: dict[Ref, Organization] = {}
        self.groups: dict[Ref, Category] = {}
        self.teams: dict[Ref, Team] = {}
        self.usernames: set[str] = set()

    def run(self, bulk: Bulk) -> None:
        for org in bulk.organizations:
            self._organization(org)
        for group in bulk.groups:
            self._group(group)
        for team in bulk.teams:
            self._team(team)
        for account in bulk.accounts:
            self._account(account)
        if not self.errors:
            # Files last, once every row is known good: storage is outside the transaction.
            self._logos(bulk.logos)

    def _fail(self, where: Where, name: str, message: str) -> None:
        self.errors.append(RowError(where, name, message))

    def _check(self, where: Where, name: str, value: str, limit: int) -> bool:
        if len(value) > limit:
            self._fail(where, name, f"longer than {limit} characters")
            return False
        return True

    def _find(
        self,
        model: type[models.Model],
        seen: Mapping[Ref, models.Model],
        where: Where,
        ident: str | None,
        name: str,
    ) -> tuple[bool, models.Model | None]:
        """(acceptable, the row it updates): the row with its id, else with its name. Neither
        may be on an earlier row of the import, and a rename must not take another's name."""
        if ident is not None and not IDENTIFIER.match(ident):
            self._fail(where, "id", f"{ident!r} is not a CCS identifier")
            return False, None
        for by, key in (("id", ident), ("name", name)):
            if key and Ref(by, key) in seen:
                self._fail(where, by, f"{key!r} is on an earlier row")
                return False, None
        manager = model._default_manager
        found = manager.filter(external_id=ident).first() if ident else None
        if found is None:
            return True, manager.filter(name=name).first()
        if manager.filter(name=name).exclude(pk=found.pk).exists():
            self._fail(where, "name", f"{name!r} is another {model._meta.verbose_name}'s name")
            return False, found
        return True, found

    def _organization(self, spec: OrgSpec) -> None:
        w = spec.where
        ok, found = self._find(Organization, self.orgs, w, spec.external_id, spec.name)
        ok &= self._check(w, "name", spec.name, 200) and self._check(
            w, "formal_name", spec.formal_name, 255
        )
        if spec.country and not COUNTRY.match(spec.country):
            self._fail(w, "country", f"{spec.country!r} is not ISO 3166-1 alpha-3 (e.g. PRT)")
            ok = False
        if not ok or not spec.name:
            return
        org = found if isinstance(found, Organization) else Organization()
        created = org.pk is None
        org.external_id = spec.external_id or org.external_id or _new_id(Organization, spec.name)
        org.name = spec.name
        org.formal_name = spec.formal_name or org.formal_name
        org.country = spec.country or org.country
        org.save()
        Team.objects.filter(organization=org).update(affiliation=org.name)
        self.counts.add("organizations", created)
        self.orgs[Ref("id", org.external_id)] = self.orgs[Ref("name", org.name)] = org

    def _logos(self, logos: dict[str, tuple[str, bytes]]) -> None:
        for org_id, (filename, data) in logos.items():
            org = self.orgs.get(Ref("id", org_id))
            if org is not None:
                org.logo.save(filename, ContentFile(data), save=True)

    def _group(self, spec: GroupSpec) -> None:
        w = spec.where
        ok, found = self._find(Category, self.groups, w, spec.external_id, spec.name)
        ok &= self._check(w, "name", spec.name, 100)
        if not ok or not spec.name:
            return
        group = found if isinstance(found, Category) else Category()
        created = group.pk is None
        group.external_id = spec.external_id or group.external_id or _new_id(Category, spec.name)
        group.name = spec.name
        group.save()
        self.counts.add("groups", created)
        self.groups[Ref("id", group.external_id)] = self.groups[Ref("name", group.name)] = group

    def _team(self, spec: TeamSpec) -> None:
        w = spec.where
        ok, found = self._find(Team, self.teams, w, spec.external_id, spec.name)
        ok &= self._check(w, "name", spec.name, 100) and self._check(
            w, "location", spec.location, 100
        )
        org = self._resolve(Organization, self.orgs, spec.organization, w, "organization")
        group = self._resolve(Category, self.groups, spec.group, w, "group")
        if not ok or not spec.name or org is False or group is False:
            return
        team = found if isinstance(found, Team) else Team()
        created = team.pk is None
        team.external_id = spec.external_id or team.external_id
        team.name = spec.name
        team.organization = org  # type: ignore[assignment]
        team.affiliation = org.name if isinstance(org, Organization) else ""
        team.category = group  # type: ignore[assignment]
        team.location = spec.location
        team.save()
        self.counts.add("teams", created)
        for by in ("id", "name"):
            key = team.external_id if by == "id" else team.name
            if key:
                self.teams[Ref(by, key)] = team

    def _resolve(
        self,
        model: type[models.Model],
        known: Mapping[Ref, models.Model],
        ref: Ref | None,
        where: Where,
        name: str,
    ) -> models.Model | bool | None:
        """The referenced row (None for no reference; False, with an error, when missing)."""
        if ref is None:
            return None
        found = known.get(ref)
        if found is None:
            lookup = {"external_id" if ref.by == "id" else "name": ref.value}
            found = model._default_manager.filter(**lookup).first()
        if found is None:
            field_name = f"{name}_id" if ref.by == "id" else name
            self._fail(where, field_name, f"no {model._meta.verbose_name} {ref.value!r}")
            return False
        return found  # type: ignore[return-value]

    def _account(self, spec: AccountSpec) -> None:
        w = spec.where
        if not self._valid_username(w, spec.username):
            return
        team = (
            self._resolve(Team, self.teams, spec.team, w, "team")
            if spec.role == Role.TEAM
            else None
        )  # type: ignore[arg-type]
        user = User.objects.filter(username=spec.username).first()
        if user is not None and (user.is_superuser or user.role != spec.role):
            self._fail(
                w,
                "username",
                f"{spec.username!r} is a {user.get_role_display()} account"
                " (an import does not change roles)",
            )
            return
        if team is False:
            return
        user = user or User(username=spec.username, role=spec.role)
        created = user.pk is None
        user.team = team  # type: ignore[assignment]
        if spec.password is not None:
            user.set_password(spec.password)
        elif created:
            user.set_unusable_password()  # until passwords are generated
        user.save()
        self.counts.add("accounts", created)

    def _valid_username(self, where: Where, username: str) -> bool:
        if username in self.usernames:
            self._fail(where, "username", f"{username!r} is on an earlier row")
            return False
        self.usernames.add(username)
        try:
            UnicodeUsernameValidator()(username)
        except ValidationError:
            self._fail(where, "username", f"{username!r}: letters, digits and @.+-_ only")
            return False
        return self._check(where, "username", username, 150)


def _new_id(model: type[models.Model], name: str) -> str:
    """A CCS id for a row made from a CSV (which has none): the name's slug, made unique."""
    base = slugify(name)[:30].strip("-") or model._meta.model_name or "row"
    manager = model._default_manager
    ident, n = base, 1
    while manager.filter(external_id=ident).exists():
        n += 1
        ident = f"{base}-{n}"
    return ident
