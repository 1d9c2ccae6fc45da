"""manage.py export_contest CONTEST OUT: write a CCS Contest Package (docs/contest-package.md).

A project command rather than the judge app's: the judgement-type ids are the Contest API's
table (api.judgement_types), a layer above the package code."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from api.judgement_types import ccs_id
from contest.models import Contest
from judge.ccs_package.writer import export_contest, zip_folder


class Command(BaseCommand):
    help = "Export a contest as a Contest Package: a folder, or a zip when OUT ends in .zip."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("contest", help="The contest's short name.")
        parser.add_argument("out", type=Path, help="A new (or empty) folder, or a .zip file.")

    def handle(self, *args: Any, **options: Any) -> None:
        contest = Contest.objects.filter(short_name=options["contest"]).first()
        if contest is None:
            raise CommandError(f"no contest with short name {options['contest']!r}")
        out: Path = options["out"]
        if out.suffix == ".zip":
            with tempfile.TemporaryDirectory(prefix="juiz-export-") as tmp:
                result = self._export(contest, Path(tmp) / contest.short_name)
                shutil.move(zip_folder(result, Path(tmp) / "package.zip"), out)
        else:
            self._export(contest, out)
        self.stdout.write(f"{contest.short_name}: written to {out}")

    def _export(self, contest: Contest, folder: Path) -> Path:
        try:
            result = export_contest(contest, folder, type_id=ccs_id)
        except FileExistsError as error:
            raise CommandError(str(error)) from None
        for letter, why in result.skipped.items():
            self.stderr.write(f"problem {letter}: listed without a package ({why})")
        return result.folder
