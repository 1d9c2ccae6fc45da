"""manage.py import_function_problem ID --contest SHORT [--letter X]: a library function
problem (library/<package>/problem.json) into a contest; workers then verify its references."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from contest.models import Contest
from judge.errors import ServiceError
from judge.selectors.coverage import HARNESS_LANGUAGES
from judge.services.coverage import import_function_problem


class Command(BaseCommand):
    help = "Import library function problem ID into a contest and queue its verification."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("id", help="The library id, e.g. two-sum (library/two_sum/).")
        parser.add_argument("--contest", required=True, help="The contest's short name.")
        parser.add_argument("--letter", default=None, help="Default: the first free letter.")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            contest = Contest.objects.get(short_name=options["contest"])
        except Contest.DoesNotExist:
            raise CommandError(f"no contest with short name {options['contest']!r}") from None
        try:
            problem = import_function_problem(contest, options["id"], letter=options["letter"])
        except ServiceError as error:
            raise CommandError(error.message) from None
        self.stdout.write(
            f"{problem}: function problem {problem.library_id}, {problem.time_limit_s:g} s, "
            f"{problem.memory_mb} MiB; verification queued for {', '.join(HARNESS_LANGUAGES)} "
            "(a worker must run: the languages are judged once their reference passes)"
        )
