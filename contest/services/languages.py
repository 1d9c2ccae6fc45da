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
