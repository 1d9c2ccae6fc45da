"""One team, group, organization or account at a time: create, change, delete (the Contest
API's admin writes; the bulk import, accounts.bulk, writes many). Each runs in a transaction and
announces the change (live.events.configuration_changed: every contest's event feed compares
its configuration again). Refusals are EditError(code, message), raised before anything is
written.
"""

from __future__ import annotations

from django.db import models, router, transaction
from django.db.models.deletion import Collector

from accounts.models import ApiToken, Category, Organization, Team, User
from live import events

# What an account owns, deleted with it: its API tokens and Django's permission links.
ACCOUNT_OWNS: set[type[models.Model]] = {
    ApiToken,
    User.groups.through,
    User.user_permissions.through,
}


class EditError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _check_name(model: type[models.Model], name: str, pk: int | None) -> None:
    if model._default_manager.filter(name=name).exclude(pk=pk).exists():
        what = model._meta.verbose_name
        raise EditError("name_taken", f"{name!r} is another {what}'s name")


def save_team(
    *, team: Team | None, name: str, affiliation: str | None, category: Category | None
) -> Team:
    """Create (team None) or replace a team. Its affiliation is free text; the organization
    of that name, when there is one, becomes the team's (as in the admin)."""
    with transaction.atomic():
        row = Team() if team is None else Team.objects.select_for_update().get(pk=team.pk)
        _check_name(Team, name, row.pk)
        row.name = name
        row.affiliation = affiliation or ""
        row.organization = Organization.objects.filter(name=row.affiliation).first()
        row.category = category
        row.save()
        events.configuration_changed()
    return row


def save_group(*, group: Category | None, name: str) -> Category:
    with transaction.atomic():
        row = Category() if group is None else Category.objects.select_for_update().get(pk=group.pk)
        _check_name(Category, name, row.pk)
        row.name = name
        row.save()
        events.configuration_changed()
    return row


def save_organization(
    *, row: Organization | None, name: str, formal_name: str, country: str, external_id: str
) -> Organization:
    """Create or replace an organization's row. Teams whose affiliation is its name become
    its teams (as save_team links them), so the row and the affiliation never disagree."""
    with transaction.atomic():
        if row is not None:
            row = Organization.objects.select_for_update().get(pk=row.pk)
        found = row or Organization(external_id=external_id)
        _check_name(Organization, name, found.pk)
        if Organization.objects.filter(external_id=found.external_id).exclude(pk=found.pk).exists():
            raise EditError("id_taken", f"{found.external_id!r} is another organization's id")
        found.name, found.formal_name, found.country = name, formal_name, country
        found.save()
        Team.objects.filter(affiliation=name, organization=None).update(organization=found)
        events.configuration_changed()
    return found


def save_account(
    *,
    user: User | None,
    username: str,
    name: str,
    role: str,
    team: Team | None,
    password: str | None,
) -> User:
    """Create or replace an account. `password` None keeps the one it has (a new account then
    has none that works: it cannot log in until one is set)."""
    with transaction.atomic():
        row = User() if user is None else User.objects.select_for_update().get(pk=user.pk)
        if User.objects.filter(username__iexact=username).exclude(pk=row.pk).exists():
            raise EditError("name_taken", f"{username!r} is another account's username")
        row.username, row.first_name, row.last_name = username, name, ""
        row.role, row.team = role, team
        if password is not None:
            row.set_password(password)
        elif row.pk is None:
            row.set_unusable_password()
        row.save()
        events.configuration_changed()
    return row


def delete_organization(*, row: Organization | None, name: str) -> None:
    """Delete an organization no team names (the spec's referential integrity: its teams'
    organization_id would point nowhere). One no row stands for exists only through its
    teams, so it is always refused."""
    with transaction.atomic():
        teams = Team.objects.filter(affiliation=name)
        if row is not None:
            teams = teams | Team.objects.filter(organization=row)
        if teams.exists():
            raise EditError("referenced", f"teams are affiliated to {name!r}: not deleted")
        if row is not None:
            row.delete()
        events.configuration_changed()


def delete_account(*, user: User, by: User) -> None:
    """Delete an account; what it did (submissions, answers, audits) is kept without it (the
    models' SET_NULL) and its API tokens go with it. An admin cannot delete itself."""
    if user.pk == by.pk:
        raise EditError("self", "an admin cannot delete its own account")
    with transaction.atomic():
        _refuse_dependents(user, owned=ACCOUNT_OWNS)
        user.delete()
        events.configuration_changed()


def delete(row: Team | Category) -> None:
    """Delete a team or group that nothing else depends on: a team with submissions or
    messages, or a group a message was sent to, is refused (deleting would erase them).
    Members and teams of the row are kept, without it (the models' SET_NULL)."""
    with transaction.atomic():
        _refuse_dependents(row, owned=set())
        row.delete()
        events.configuration_changed()


def _refuse_dependents(row: models.Model, owned: set[type[models.Model]]) -> None:
    """EditError when deleting the row would delete other rows than those it owns."""
    others = _dependents(row, owned)
    if others:
        what = type(row)._meta.verbose_name
        raise EditError("referenced", f"the {what} has {', '.join(others)}: not deleted")


def _dependents(row: models.Model, owned: set[type[models.Model]]) -> list[str]:
    """What deleting the row would delete with it (the models' CASCADEs), by plural name,
    but for the models it owns (an account's tokens)."""
    collector = Collector(using=router.db_for_write(type(row)))
    collector.collect([row])
    # Rows without dependents of their own are "fast deletes", as querysets, not in `data`.
    models_found = {m for m, rows in collector.data.items() if rows and m is not type(row)}
    models_found |= {qs.model for qs in collector.fast_deletes if qs.exists()}
    models_found -= owned
    return sorted(str(m._meta.verbose_name_plural) for m in models_found)
