"""Languages as the admin configures them; handed to the engine as a LanguageConfig."""

from __future__ import annotations

from django.db import models

from judging.languages.base import LanguageConfig


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

    class Meta:
        ordering = ("name",)

    def __str__(self) -> str:
        return self.name

    @property
    def extension_list(self) -> tuple[str, ...]:
        return tuple(e.strip().lstrip(".").lower() for e in self.extensions.split(",") if e.strip())

    def to_config(self) -> LanguageConfig:
        from judging.languages import registry

        default = registry.get(self.id)
        return LanguageConfig(
            id=self.id,
            name=self.name,
            extensions=self.extension_list,
            compile_command=self.compile_command or None,
            run_command=self.run_command,
            version_command=self.version_command or None,
            source_name=self.source_name,
            exe=self.exe,
            time_factor=self.time_factor,
            memory_overhead_mb=self.memory_overhead_mb,
            address_space_limit=self.address_space_limit,
            warnings_are_errors=self.warnings_are_errors,
            compile_processes=self.compile_processes,
            run_processes=self.run_processes,
            selftest_source=default.selftest_source if default else "",
            selftest_input=default.selftest_input if default else "",
            selftest_output=default.selftest_output if default else "",
            enabled=self.enabled,
        )

    @classmethod
    def from_config(cls, config: LanguageConfig) -> Language:
        return cls(
            id=config.id,
            name=config.name,
            extensions=",".join(config.extensions),
            compile_command=config.compile_command or "",
            run_command=config.run_command,
            version_command=config.version_command or "",
            source_name=config.source_name,
            exe=config.exe,
            time_factor=config.time_factor,
            memory_overhead_mb=config.memory_overhead_mb,
            address_space_limit=config.address_space_limit,
            warnings_are_errors=config.warnings_are_errors,
            compile_processes=config.compile_processes,
            run_processes=config.run_processes,
            enabled=config.enabled,
        )
