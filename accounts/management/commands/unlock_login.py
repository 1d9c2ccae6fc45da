"""manage.py unlock_login [USER] [--address IP] [--all]: forget failed logins."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from accounts import throttle
from accounts.models import LoginThrottle


class Command(BaseCommand):
    help = "Unlock an account and/or a client address locked out by failed logins."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username", nargs="?")
        parser.add_argument("--address", help="A client address (as the server saw it).")
        parser.add_argument("--all", action="store_true", help="Unlock every account and address.")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["all"]:
            cleared, _ = LoginThrottle.objects.all().delete()
        elif options["username"] is None and options["address"] is None:
            raise CommandError("Name a user, an --address, or --all.")
        else:
            cleared = throttle.unlock(username=options["username"], address=options["address"])
        self.stdout.write(f"Cleared {cleared} failed-login count(s).")
