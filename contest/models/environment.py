"""An evaluator environment the admin configures (judging/evaluators/): a language's toolchain
other than the one its Language row describes, e.g. pypy3 for python3, clang14-c++20 for cpp.

The Language row stays the language and its default environment (`default_environment`); an
Environment row holds only what another toolchain changes: its commands and time factor. A
contest offers each enabled language's default environment, plus the environments the admin
picks for it (Contest.environments).
"""

from __future__ import annotations

import dataclasses

from django.db import models

from judging.languages.base import LanguageConfig


class Environment(models.Model):
    language = models.ForeignKey(
        "contest.Language", on_delete=models.CASCADE, related_name="environments"
    )
    key = models.CharField(max_length=40, help_text='The registry\'s id, e.g. "pypy3".')
    name = models.CharField(max_length=100)
    compile_command = models.TextField(blank=True)
    run_command = models.TextField()
    version_command = models.TextField(blank=True)
    version = models.TextField(blank=True, help_text="Filled by the self-test.")
    time_factor = models.FloatField(default=1.0)
    enabled = models.BooleanField(default=True)

    class Meta:
        ordering = ("language", "key")
        constraints = [
            models.UniqueConstraint(fields=("language", "key"), name="unique_environment")
        ]

    def __str__(self) -> str:
        return self.name

    def apply(self, config: LanguageConfig) -> LanguageConfig:
        """The language's configuration with this environment's commands and time factor."""
        return dataclasses.replace(
            config,
            compile_command=self.compile_command or None,
            run_command=self.run_command,
            version_command=self.version_command or None,
            time_factor=self.time_factor,
            environment=self.key,
        )
