"""manage.py demo: a running demo contest with problems, languages, a judge and three teams."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from config.demo import create_demo


class Command(BaseCommand):
    help = "Create (idempotently) a running demo contest, its problems and its users."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--reset-passwords",
            action="store_true",
            help="Give the existing demo users new passwords (printed).",
        )
        parser.add_argument(
            "--restart",
            action="store_true",
            help="Move an existing demo contest to start 10 minutes ago.",
        )
        parser.add_argument(
            "--served",
            action="store_true",
            help="The caller starts the server itself (./run): no hint about starting it.",
        )
        parser.add_argument(
            "--url", default="http://127.0.0.1:8000/", help="The address printed for logging in."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        result = create_demo(reset_passwords=options["reset_passwords"], restart=options["restart"])
        contest = result.contest
        verb = "created" if result.contest_created else "exists"
        self.stdout.write(
            f"Contest {contest.short_name!r} ({contest.name}) {verb}: "
            f"{contest.start:%Y-%m-%d %H:%M} to {contest.end:%H:%M} {contest.end:%Z}"
        )
        if result.problems_created:
            self.stdout.write(f"Problems imported: {', '.join(result.problems_created)}")
        if result.languages_created:
            self.stdout.write(f"Languages seeded: {', '.join(result.languages_created)}")
        self.stdout.write("Users:")
        for account in result.accounts:
            secret = (
                f"password {account.password}"
                if account.password
                else "exists (password unchanged; --reset-passwords for new ones)"
            )
            self.stdout.write(f"  {account.username:8} {account.role:6} {secret}")
        if not options["served"]:
            self.stdout.write(f"Open {options['url']} (start it with: python manage.py serve)")
