"""Language rows seeded from the engine's registry (idempotent).

Existing rows are never overwritten: they are the admin's. A new row is enabled when its
toolchain is installed here, or when it is one of the contest's core languages and the caller
asks for those to be enabled regardless.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from contest.models import Language
from judging.languages import registry


def seed_languages(*, enable: Iterable[str] = ()) -> list[Language]:
    """Create the registry's languages that have no row yet; return the created rows."""
    wanted = set(enable)
    existing = set(Language.objects.values_list("id", flat=True))
    created = []
    for config in registry.all_languages():
        if config.id in existing:
            continue
        # The version is left to the compiler self-test: probing every toolchain here is slow.
        available = registry.is_available(config)
        language = Language.from_config(
            dataclasses.replace(config, enabled=config.id in wanted or available)
        )
        language.save(force_insert=True)
        created.append(language)
    return created


# The built-in language of submit-answer problems' submissions (docs/kinds.md): answer files
# are not a program, but every submission has a language, which every page and the API show.
ANSWERS_LANGUAGE = "answers"


def answers_language() -> Language:
    """The "Answer files" row, made the first time it is needed. It is disabled, has no
    extension and no command, so no list of languages a team or the API offers shows it, no
    file name maps to it, and the submit service takes it only for submit-answer problems."""
    language, _ = Language.objects.get_or_create(
        pk=ANSWERS_LANGUAGE,
        defaults={
            "name": "Answer files",
            "extensions": "",
            "run_command": "",
            "source_name": "answers",
            "exe": "answers",
            "enabled": False,
        },
    )
    return language
