"""Writing a read package: the contest, its problems, its people, then what happened in it,
in one transaction. Any refusal, from any part, rolls everything back; the files a problem
import stored (statements) are removed again, and the organizations' logos are stored only
after the commit.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from django.db import transaction

from contest.models import Contest, Problem
from contest.services.problem_import import PackageError, opened_package
from judge.ccs_package import clarifications, people, problems, submissions
from judge.ccs_package.errors import Collector, ContestPackageError, Refusal
from judge.ccs_package.files import package_root
from judge.ccs_package.reader import ContestPackage, read
from live import events


@dataclass(frozen=True, slots=True)
class Imported:
    contest: Contest
    created: bool
    problems: int
    people: str  # accounts/bulk's summary
    submissions: int
    clarifications: int

    def summary(self) -> str:
        verb = "created" if self.created else "updated"
        return (
            f"contest {self.contest.short_name!r} {verb}: {self.problems} problems; people: "
            f"{self.people}; {self.submissions} submissions; {self.clarifications} clarifications"
        )


def import_contest(path: Path, *, short_name: str | None = None) -> Imported:
    """Import the package at `path` (a folder or a zip); ContestPackageError having written
    nothing when it is refused."""
    with _opened(path) as root:
        return import_read(read(root, short_name=short_name))


@contextlib.contextmanager
def _opened(path: Path) -> Iterator[Path]:
    try:
        with opened_package(path) as root:
            yield package_root(root)
    except PackageError as error:  # a zip that cannot be extracted safely
        raise ContestPackageError([Refusal(path.name, "(file)", str(error))]) from None


def import_read(package: ContestPackage) -> Imported:
    errors = Collector()
    written: list[Problem] = []
    try:
        with transaction.atomic():
            result, logos = _write(package, errors, written)
            errors.raise_if_any()  # leaving the block rolls it all back
    except BaseException:
        _remove_statements(written)
        raise
    people.store_logos(logos)
    return result


def _write(
    package: ContestPackage, errors: Collector, written: list[Problem]
) -> tuple[Imported, dict[str, tuple[str, bytes]]]:
    spec = package.contest
    contest, created = Contest.objects.update_or_create(
        short_name=spec.short_name, defaults=spec.fields()
    )
    if package.submissions and contest.submissions.exists():
        errors.fail(
            "submissions.json",
            "(file)",
            f"contest {contest.short_name!r} has "
            "submissions already: import the package under another contest name",
        )
        return Imported(contest, created, 0, "", 0, 0), {}
    found = problems.import_all(contest, package.problems, errors)
    written += found.values()
    counts, logos = people.write_rows(package.people, errors)
    if not errors.problems:
        people.link_teams(contest, package.people)
    subs = clars = 0
    if not errors.problems:
        subs = submissions.import_all(contest, package.submissions, found, errors)
        clars = clarifications.import_all(contest, package.clarifications, found, errors)
    events.contest_changed(contest.pk)
    result = Imported(contest, created, len(found), counts.summary(), subs, clars)
    return result, logos


def _remove_statements(problems_written: list[Problem]) -> None:
    """The statement PDFs the rolled-back problem imports saved to storage."""
    for problem in problems_written:
        name = problem.statement_pdf.name
        if name:
            problem.statement_pdf.storage.delete(name)
