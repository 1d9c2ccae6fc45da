"""manage.py import_contest DIR|ZIP: import a CCS Contest Package (docs/contest-package.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from judge.ccs_package.errors import ContestPackageError
from judge.ccs_package.importer import import_contest


class Command(BaseCommand):
    help = "Import a Contest Package (a folder or a zip): contest, problems, people, history."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", type=Path, help="The package's folder or zip file.")
        parser.add_argument(
            "--as", dest="short_name", default=None, help="Import under this contest name."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["path"]
        if not path.exists():
            raise CommandError(f"{path}: no such file or folder")
        try:
            imported = import_contest(path, short_name=options["short_name"])
        except ContestPackageError as error:
            lines = "\n".join(f"  {p}" for p in error.problems)
            raise CommandError(f"the package was refused, nothing was imported:\n{lines}") from None
        self.stdout.write(imported.summary())
