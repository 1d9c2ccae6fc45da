"""manage.py export_teams DIR: teams.csv and the CCS organizations.json, groups.json,
teams.json and accounts.json (no passwords), and the organizations' logos as a package holds
them (organizations/<id>/logo.<ext>), written into DIR."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from accounts.bulk import exporter


class Command(BaseCommand):
    help = "Write teams.csv and the CCS team files (no passwords) into DIR."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("directory", type=Path)

    def handle(self, *args: Any, **options: Any) -> None:
        directory: Path = options["directory"]
        directory.mkdir(parents=True, exist_ok=True)
        for name in exporter.EXPORTS:
            (directory / name).write_text(exporter.export(name), encoding="utf-8")
            self.stdout.write(str(directory / name))
        for path, data in exporter.logos():
            (directory / path).parent.mkdir(parents=True, exist_ok=True)
            (directory / path).write_bytes(data)
            self.stdout.write(str(directory / path))
