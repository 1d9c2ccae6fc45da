"""manage.py api_token USER: create an API token (printed once), or list or revoke them."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from accounts.models import User
from accounts.tokens import token_create, token_revoke


class Command(BaseCommand):
    help = "Create an API token for USER (printed once, stored hashed); --list or --revoke ID."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username")
        parser.add_argument("--name", default="", help="What the token is for.")
        parser.add_argument("--list", action="store_true", help="List the user's tokens.")
        parser.add_argument("--revoke", type=int, metavar="ID", help="Revoke token ID.")

    def handle(self, *args: Any, **options: Any) -> None:
        user = User.objects.filter(username=options["username"]).first()
        if user is None:
            raise CommandError(f"No user {options['username']!r}.")
        if options["list"]:
            for token in user.api_tokens.all():
                used = token.last_used_at.isoformat() if token.last_used_at else "never"
                self.stdout.write(f"{token.pk}\t{token.prefix}…\t{token.name}\tlast used {used}")
            return
        if options["revoke"] is not None:
            found = user.api_tokens.filter(pk=options["revoke"]).first()
            if found is None:
                raise CommandError(f"{user.username} has no token {options['revoke']}.")
            token_revoke(token=found)
            self.stdout.write(f"Revoked token {options['revoke']} of {user.username}.")
            return
        _, plain = token_create(user=user, name=options["name"])
        # Only the token on stdout, so a script can capture it; the rest on stderr.
        self.stderr.write(f"A new API token for {user.username} (it is not shown again):")
        self.stdout.write(plain)
