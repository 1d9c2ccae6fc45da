"""A package's refusals: each names the file, the object and the field."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Refusal:
    file: str  # e.g. "contest.yaml", "submissions.json"
    field: str  # e.g. "start_time", "[3].team_id", "(file)"
    message: str

    def __str__(self) -> str:
        return f"{self.file}, {self.field}: {self.message}"


class ContestPackageError(Exception):
    """The package was refused; nothing of it was written."""

    def __init__(self, problems: list[Refusal]) -> None:
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = problems


class Collector:
    """Gathers the refusals of one reading, so an author sees them all at once."""

    def __init__(self) -> None:
        self.problems: list[Refusal] = []

    def fail(self, file: str, field: str, message: str) -> None:
        self.problems.append(Refusal(file, field, message))

    def parsed(self, file: str, field: str, parse: Callable[[Any], T], value: Any) -> T | None:
        """parse(value), or None with the parser's ValueError as the refusal."""
        try:
            return parse(value)
        except ValueError as error:
            self.fail(file, field, str(error))
            return None

    def raise_if_any(self) -> None:
        if self.problems:
            raise ContestPackageError(self.problems)
