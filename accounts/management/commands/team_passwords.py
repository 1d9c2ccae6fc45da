"""manage.py team_passwords OUT.html: generate passwords as the jury's teams page does, and
write the printable sheets (one per team) to OUT.html, the only place they then exist. For many
teams: each password's hash costs a noticeable fraction of a second, too long for one request."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.template.loader import render_to_string

from accounts.bulk import passwords


class Command(BaseCommand):
    help = "Generate team passwords (stored hashed) and write their printable sheets to OUT."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("out", type=Path)
        parser.add_argument("--all", action="store_true", help="Replace every team password.")
        parser.add_argument(
            "--create", action="store_true", help="First give each team without an account one."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        sheets = passwords.generate(
            only_missing=not options["all"], create_accounts=options["create"]
        )
        html = render_to_string("jury/password_sheets.html", {"sheets": sheets})
        out: Path = options["out"]
        out.write_text(html, encoding="utf-8")
        out.chmod(0o600)  # the passwords in plain text
        self.stdout.write(f"{len(sheets)} new passwords in {out}.")
