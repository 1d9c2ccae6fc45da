"""manage.py seed_languages: create the engine registry's languages missing from the database."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from contest.services.languages import seed_environments, seed_languages


class Command(BaseCommand):
    help = (
        "Create missing Language and Environment rows from the engine's registry (existing "
        "rows are kept)."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        created = seed_languages()
        for language in created:
            state = "enabled" if language.enabled else "disabled (toolchain not found)"
            self.stdout.write(f"{language.id}: {language.name} -- {state}")
        if not created:
            self.stdout.write("All languages of the registry already exist.")
        for environment in seed_environments():
            state = "enabled" if environment.enabled else "disabled (toolchain not found)"
            self.stdout.write(f"{environment.language_id}@{environment.key}: {state}")
