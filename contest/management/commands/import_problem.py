"""manage.py import_problem CONTEST LETTER PATH: import a Kattis/ICPC package (folder or zip)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from contest.models import Contest
from contest.services.problem_import import PackageError, import_package


class Command(BaseCommand):
    help = "Import a problem package (directory or .zip) as problem LETTER of CONTEST."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("contest", help="The contest's short name.")
        parser.add_argument("letter")
        parser.add_argument("path", help="Package directory or zip file.")
        parser.add_argument(
            "--time-limit",
            type=float,
            default=None,
            help="Seconds; overrides the package's (else it may be calibrated).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            contest = Contest.objects.get(short_name=options["contest"])
        except Contest.DoesNotExist:
            raise CommandError(f"no contest with short name {options['contest']!r}") from None
        try:
            problem = import_package(
                contest, options["letter"], options["path"], time_limit_s=options["time_limit"]
            )
        except PackageError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(
            f"{problem}: {problem.tests.count()} tests, {problem.time_limit_s:g} s "
            f"({problem.time_limit_source}), {problem.memory_mb} MiB, {problem.validation}"
        )
