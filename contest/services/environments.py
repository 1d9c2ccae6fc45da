"""Which evaluator environments a contest offers: each enabled language's default one (the
Language row's own commands), plus the enabled environments the admin picked for the contest
(Contest.environments)."""

from __future__ import annotations

from django.db.models import QuerySet

from contest.models import Contest, Environment, Language


class EnvironmentNotOffered(ValueError):
    """The environment is not one the contest offers for the language (the message says so)."""


def extra_environments(contest: Contest) -> QuerySet[Environment]:
    """The contest's environments besides the defaults, in the languages' order."""
    return (
        contest.environments.filter(enabled=True, language__enabled=True)
        .select_related("language")
        .order_by("language__name", "key")
    )


def offered(contest: Contest, language: Language) -> list[tuple[str, str]]:
    """(key, name) of the language's environments in the contest, the default first."""
    extra = extra_environments(contest).filter(language=language)
    return [(language.default_environment, language.name)] + [(e.key, e.name) for e in extra]


def chosen_environment(contest: Contest, language: Language, key: str) -> str:
    """The environment a submission names: `key`, or the language's default when empty."""
    if not key or key == language.default_environment:
        return language.default_environment
    if key not in {k for k, _ in offered(contest, language)}:
        names = ", ".join(name for _, name in offered(contest, language))
        raise EnvironmentNotOffered(
            f"{key!r} is not an environment of {language.name} in this contest ({names})."
        )
    return key
