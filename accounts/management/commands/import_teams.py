"""manage.py import_teams FILE: teams, organizations, groups and accounts from a CSV, a CCS
JSON file, or a zip or folder holding the Contest Package's files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from accounts.bulk import sources
from accounts.bulk.importer import bulk_import
from accounts.bulk.specs import BulkImportError


class Command(BaseCommand):
    help = "Import teams and accounts from a CSV, CCS JSON files, or a zip or folder of them."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", type=Path)

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["path"]
        if not path.exists():
            raise CommandError(f"No such file or folder: {path}")
        try:
            counts = bulk_import(sources.read_path(path))
        except BulkImportError as refused:
            lines = "\n".join(str(e) for e in refused.errors)
            raise CommandError(f"Nothing was imported:\n{lines}") from None
        self.stdout.write(f"Imported: {counts.summary()}.")
