"""The CSV format: one row per team account (or per team without one), header first.

    team,organization,country,group,location,username,password

Only `team` is required; columns may come in any order; `affiliation` is read as
`organization` and `category` as `group`. A team named on several rows (several members)
must say the same of itself on each. An empty password keeps an account's password (a new
account then has none usable until passwords are generated).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

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

COLUMNS = ("team", "organization", "country", "group", "location", "username", "password")
ALIASES = {"affiliation": "organization", "category": "group"}


def read(text: str, file: str = "teams.csv") -> Bulk:
    bulk = Bulk()
    rows = csv.reader(io.StringIO(text.lstrip("\ufeff")))
    header = next(rows, None)
    columns = _columns(header or [], file, bulk)
    if columns is None:
        return bulk
    for cells in rows:
        if not any(c.strip() for c in cells):
            continue
        where = Where(file, rows.line_num)
        if len(cells) > len(columns):
            bulk.errors.append(
                RowError(where, "(row)", f"{len(cells)} cells, header has {len(columns)}")
            )
            continue
        values = {c: "" for c in COLUMNS} | {
            c: v.strip() for c, v in zip(columns, cells, strict=False)
        }
        _add_row(bulk, where, values)
    return bulk


def _columns(header: list[str], file: str, bulk: Bulk) -> list[str] | None:
    names = [ALIASES.get(h.strip().lower(), h.strip().lower()) for h in header]
    where = Where(file, 1)
    unknown = [n for n in names if n not in COLUMNS]
    for name in unknown:
        bulk.errors.append(
            RowError(where, name or "(empty)", f"unknown column; known: {', '.join(COLUMNS)}")
        )
    if "team" not in names:
        bulk.errors.append(RowError(where, "team", "the header has no team column"))
    if len(set(names)) != len(names):
        bulk.errors.append(RowError(where, "(header)", "a column is named twice"))
    return None if bulk.errors else names


def _add_row(bulk: Bulk, where: Where, v: dict[str, str]) -> None:
    if not v["team"]:
        bulk.errors.append(RowError(where, "team", "is empty"))
        return
    if v["organization"]:
        org = OrgSpec(where, None, v["organization"], country=v["country"])
        _once(bulk.organizations, org, bulk, ("country",))
    elif v["country"]:
        bulk.errors.append(RowError(where, "country", "given without an organization"))
    if v["group"]:
        _once(bulk.groups, GroupSpec(where, None, v["group"]), bulk, ())
    team = TeamSpec(
        where,
        None,
        v["team"],
        Ref("name", v["organization"]) if v["organization"] else None,
        Ref("name", v["group"]) if v["group"] else None,
        v["location"],
    )
    _once(bulk.teams, team, bulk, ("organization", "group", "location"))
    if v["username"]:
        password = v["password"] or None
        account = AccountSpec(where, v["username"], Role.TEAM, Ref("name", v["team"]), password)
        if any(a.username == account.username for a in bulk.accounts):
            bulk.errors.append(
                RowError(where, "username", f"{account.username!r} is on an earlier row")
            )
        else:
            bulk.accounts.append(account)
    elif v["password"]:
        bulk.errors.append(RowError(where, "password", "given without a username"))


def _once(
    seen: list[OrgSpec] | list[GroupSpec] | list[TeamSpec],
    spec: OrgSpec | GroupSpec | TeamSpec,
    bulk: Bulk,
    fields: Iterable[str],
) -> None:
    """Keep the first row naming a thing; a later one must not contradict it."""
    first = next((s for s in seen if s.name == spec.name), None)
    if first is None:
        seen.append(spec)  # type: ignore[arg-type]
        return
    for name in fields:
        if getattr(spec, name) != getattr(first, name):
            message = f"differs from {first.where} for {spec.name!r}"
            bulk.errors.append(RowError(spec.where, name, message))


def write(rows: Iterable[dict[str, str]]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()
