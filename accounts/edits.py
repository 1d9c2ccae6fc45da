"""One team or group at a time: create, change, delete (the Contest API's admin writes; the
bulk import, accounts.bulk, writes many). Each runs in a transaction and announces the change
(live.events.configuration_changed: every contest's event feed compares its teams and groups
again). Refusals are EditError(code, message), raised before anything is written.
"""

from __future__ import annotations

from django.db import models, router, transaction
from django.db.models.deletion import Collector

from accounts.models import Category, Organization, Team
from live import events


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


def delete(row: Team | Category) -> None:
    """Delete a team or group that nothing else depends on: a team with submissions or
    messages, or a group a message was sent to, is refused (deleting would erase them).
    Members and teams of the row are kept, without it (the models' SET_NULL)."""
    with transaction.atomic():
        others = _dependents(row)
        if others:
            what = type(row)._meta.verbose_name
            raise EditError("referenced", f"the {what} has {', '.join(others)}: not deleted")
        row.delete()
        events.configuration_changed()


def _dependents(row: Team | Category) -> list[str]:
    """What deleting the row would delete with it (the models' CASCADEs), by plural name."""
    collector = Collector(using=router.db_for_write(type(row)))
    collector.collect([row])
    # Rows without dependents of their own are "fast deletes", as querysets, not in `data`.
    models_found = {m for m, rows in collector.data.items() if rows and m is not type(row)}
    models_found |= {qs.model for qs in collector.fast_deletes if qs.exists()}
    return sorted(str(m._meta.verbose_name_plural) for m in models_found)
