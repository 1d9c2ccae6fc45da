"""What an import file says, read but not yet checked against the database: every row keeps
where it came from, so a refusal can name the file, the row and the field."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Where:
    file: str
    row: int  # a CSV's line number, or a JSON array's 1-based position

    def __str__(self) -> str:
        return f"{self.file} row {self.row}"


@dataclass(frozen=True, slots=True)
class RowError:
    where: Where
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}, {self.field}: {self.message}"


class BulkImportError(Exception):
    """The import was refused; nothing of it was written."""

    def __init__(self, errors: list[RowError]) -> None:
        super().__init__("; ".join(str(e) for e in errors))
        self.errors = errors


@dataclass(frozen=True, slots=True)
class Ref:
    """A reference to an organization, group or team: by CCS id (JSON) or by name (CSV)."""

    by: str  # "id" or "name"
    value: str


@dataclass(frozen=True, slots=True)
class OrgSpec:
    where: Where
    external_id: str | None
    name: str
    formal_name: str = ""
    country: str = ""


@dataclass(frozen=True, slots=True)
class GroupSpec:
    where: Where
    external_id: str | None
    name: str


@dataclass(frozen=True, slots=True)
class TeamSpec:
    where: Where
    external_id: str | None
    name: str
    organization: Ref | None
    group: Ref | None
    location: str = ""


@dataclass(frozen=True, slots=True)
class AccountSpec:
    where: Where
    username: str
    role: str  # an accounts.models.Role value
    team: Ref | None
    password: str | None  # None: keep the account's password (a new one gets none usable)
    name: str = ""


@dataclass(slots=True)
class Bulk:
    """One import's rows, in the order they are written (organizations first)."""

    organizations: list[OrgSpec] = field(default_factory=list)
    groups: list[GroupSpec] = field(default_factory=list)
    teams: list[TeamSpec] = field(default_factory=list)
    accounts: list[AccountSpec] = field(default_factory=list)
    # An organization's CCS id -> its logo (file name, content), from a package's
    # organizations/<id>/logo*.png (or .jpg, .svg).
    logos: dict[str, tuple[str, bytes]] = field(default_factory=dict)
    errors: list[RowError] = field(default_factory=list)  # what reading the files found
