"""Organizations, groups, teams and accounts: read and written by accounts/bulk (the same
files its team import reads), with accounts.yaml besides accounts.json as the spec allows."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from django.core.files.base import ContentFile

from accounts.bulk import ccs_format, exporter, sources
from accounts.bulk.importer import Counts, bulk_import
from accounts.bulk.specs import Bulk, BulkImportError, Where
from accounts.models import Organization, Team
from contest.models import Contest, ContestTeam
from contest.selectors import categories_of, teams_of
from judge.ccs_package.errors import Collector
from judge.ccs_package.files import Doc


def read(root: Path, accounts_yaml: Doc | None, errors: Collector) -> Bulk:
    """The rows to import; `accounts_yaml`: accounts.yaml parsed, when the package has it."""
    bulk = sources.read_path(root) if _has_json(root) else Bulk()
    if accounts_yaml is not None:
        _add_yaml_accounts(bulk, accounts_yaml)
    for error in bulk.errors:
        errors.fail(error.where.file, f"[{error.where.row}].{error.field}", error.message)
    bulk.errors = []
    return bulk


def _has_json(root: Path) -> bool:
    return any((root / name).is_file() for name in ccs_format.FILES)


def _add_yaml_accounts(bulk: Bulk, doc: Doc) -> None:
    """accounts.yaml read as accounts.json would be, its refusals naming accounts.yaml."""
    name, data = doc
    found = ccs_format.read({"accounts.json": json.dumps(data, default=str)})
    bulk.accounts += [dataclasses.replace(a, where=_renamed(a.where, name)) for a in found.accounts]
    bulk.errors += [dataclasses.replace(e, where=_renamed(e.where, name)) for e in found.errors]


def _renamed(where: Where, name: str) -> Where:
    return dataclasses.replace(where, file=name)


def write_rows(bulk: Bulk, errors: Collector) -> tuple[Counts, dict[str, tuple[str, bytes]]]:
    """Write the rows inside the caller's transaction; the logos are returned, to be stored
    once it has committed (storage is outside the transaction)."""
    logos, bulk.logos = bulk.logos, {}
    try:
        counts = bulk_import(bulk)
    except BulkImportError as error:
        for row in error.errors:
            errors.fail(row.where.file, f"[{row.where.row}].{row.field}", row.message)
        return Counts(), {}
    return counts, logos


def link_teams(contest: Contest, bulk: Bulk) -> None:
    """The package's teams are the contest's: each linked with its group as its category
    there, and the contest then open to its linked teams only (a package lists them all)."""
    if not bulk.teams:
        return
    for spec in bulk.teams:
        found = Team.objects.filter(external_id=spec.external_id) if spec.external_id else None
        team = (found.first() if found is not None else None) or Team.objects.get(name=spec.name)
        ContestTeam.objects.update_or_create(
            contest=contest, team=team, defaults={"category_id": team.category_id}
        )
    Contest.objects.filter(pk=contest.pk).update(open_to_all_teams=False)


def store_logos(logos: dict[str, tuple[str, bytes]]) -> None:
    for org_id, (filename, data) in logos.items():
        org = Organization.objects.filter(external_id=org_id).first()
        if org is not None:
            org.logo.save(filename, ContentFile(data), save=True)


def write(folder: Path, contest: Contest) -> None:
    """The four files and the organizations' logos into the package folder: the contest's
    teams (every team when it is open to all), each with its group in the contest."""
    roster = exporter.Roster(teams_of(contest), categories_of(contest))
    for name, text in exporter.to_ccs(roster).items():
        (folder / name).write_text(text, encoding="utf-8")
    for path, data in exporter.logos(roster):
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_bytes(data)
