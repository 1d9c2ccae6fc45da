"""Languages as the admin configures them; handed to the engine as a LanguageConfig."""

from __future__ import annotations

import dataclasses
from typing import Any

from django.db import models

from judging.languages.base import LanguageConfig

# The one list of a language's fields is the engine's dataclass. The database keeps an admin's
# copy of every field but those only the registry provides; a field whose default is None is
# stored as "" (Django's way for text), and the extensions as one comma-separated string.
REGISTRY_ONLY_FIELDS = frozenset(
    {"selftest_source", "selftest_input", "selftest_output", "env", "environment", "toolchain"}
)
_CONFIG_FIELDS = dataclasses.fields(LanguageConfig)
STORED_FIELDS = tuple(f.name for f in _CONFIG_FIELDS if f.name not in REGISTRY_ONLY_FIELDS)
OPTIONAL_FIELDS = frozenset(f.name for f in _CONFIG_FIELDS if f.default is None)
EDITABLE_FIELDS = tuple(name for name in STORED_FIELDS if name != "id")
# What an admin may change without changing any verdict; a change of any other editable field
# offers the jury a rejudge.
DESCRIPTIVE_FIELDS = frozenset({"name", "extensions", "version_command", "enabled"})
JUDGING_FIELDS = frozenset(EDITABLE_FIELDS) - DESCRIPTIVE_FIELDS


class Language(models.Model):
    id = models.SlugField(primary_key=True, max_length=20)
    name = models.CharField(max_length=100)
    extensions = models.CharField(max_length=100, help_text="Comma separated, without dots.")
    compile_command = models.TextField(blank=True)
    run_command = models.TextField()
    version_command = models.TextField(blank=True)
    version = models.TextField(blank=True, help_text="Filled by the self-test.")
    source_name = models.CharField(max_length=100, default="main.{ext}")
    exe = models.CharField(max_length=100, default="main")
    time_factor = models.FloatField(default=1.0)
    memory_overhead_mb = models.PositiveIntegerField(default=0)
    address_space_limit = models.BooleanField(default=True)
    warnings_are_errors = models.BooleanField(default=False)
    compile_processes = models.PositiveIntegerField(default=64)
    run_processes = models.PositiveIntegerField(default=1)
    enabled = models.BooleanField(default=True)
    # The evaluator environment (judging/evaluators/) this row's commands are.
    default_environment = models.CharField(max_length=40, blank=True)

    class Meta:
        ordering = ("name",)

    def __str__(self) -> str:
        return self.name

    @property
    def extension_list(self) -> tuple[str, ...]:
        return tuple(_engine_value("extensions", self.extensions))

    def to_config(self, environment: str = "") -> LanguageConfig:
        """The engine's view in `environment` (its key; "" or the default: this row's own
        commands), its toolchain folder found on this host; the registry-only fields come
        from the registry's default."""
        from contest.engine import engine_kit
        from judging.evaluators.registry import with_toolchain
        from judging.languages import registry

        default = registry.get(self.id)
        values = {name: _engine_value(name, getattr(self, name)) for name in STORED_FIELDS}
        fixed = {name: getattr(default, name) for name in REGISTRY_ONLY_FIELDS} if default else {}
        config = LanguageConfig(**{**values, **fixed, "environment": self.default_environment})
        if environment and environment != self.default_environment:
            config = self.environments.get(key=environment).apply(config)
        return with_toolchain(config, engine_kit())

    @classmethod
    def from_config(cls, config: LanguageConfig) -> Language:
        """A row of the config's values, in its environment (else its evaluator's default)."""
        from judging.evaluators import registry

        values = {name: _stored_value(name, getattr(config, name)) for name in STORED_FIELDS}
        environment = config.environment
        if not environment:
            known = next((e for e in registry.evaluators() if e.id == config.id), None)
            environment = known.default_env if known is not None else ""
        return cls(**values, default_environment=environment)


def _engine_value(name: str, value: Any) -> Any:
    if name == "extensions":
        return tuple(e.strip().lstrip(".").lower() for e in value.split(",") if e.strip())
    if name in OPTIONAL_FIELDS:
        return value or None
    return value


def _stored_value(name: str, value: Any) -> Any:
    if name == "extensions":
        return ",".join(value)
    if name in OPTIONAL_FIELDS:
        return value or ""
    return value
