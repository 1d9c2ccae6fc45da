"""Language and Environment rows seeded from the engine's registry (idempotent).

Existing rows are never overwritten: they are the admin's. A new language row is enabled when
its toolchain is installed here, or when it is one of the contest's core languages and the
caller asks for those to be enabled regardless. A new environment row (every environment of a
language's evaluator but the row's own) is enabled when its toolchain is here; a contest still
offers it only once the admin picks it (Contest.environments).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from contest.engine import engine_kit
from contest.models import Environment, Language
from judging.evaluators import registry as evaluators
from judging.languages import registry
from judging.languages.base import LanguageConfig


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


def seed_environments() -> list[Environment]:
    """Create the environments of every registry language's row that are missing."""
    kit = engine_kit()
    created = []
    for language in Language.objects.filter(pk__in=[e.id for e in evaluators.evaluators()]):
        evaluator = evaluators.get(language.id)
        existing = set(language.environments.values_list("key", flat=True))
        for env in evaluators.environments(evaluator):
            if env.id == language.default_environment or env.id in existing:
                continue
            # The version is left to the self-test, as for languages: probing is slow.
            available = not evaluators.availability(evaluator, env, kit)
            config = evaluators.config(evaluator.id, env.id, kit)
            created.append(_created(language, env.id, env.name, config, available))
    return created


def _created(
    language: Language, key: str, name: str, config: LanguageConfig, enabled: bool
) -> Environment:
    return Environment.objects.create(
        language=language,
        key=key,
        name=name,
        compile_command=config.compile_command or "",
        run_command=config.run_command,
        version_command=config.version_command or "",
        time_factor=config.time_factor,
        enabled=enabled,
    )
