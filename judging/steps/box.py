"""What every box of a submission has in common: its work directory, its environment, and the
command templates filled in for it (a template that cannot be filled is ours, not the team's)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from judging.languages.base import LanguageConfig, substitute
from judging.sandbox.base import Mount

BOX_DIR = "/box"
COMPILE_HOME = "/tmp"  # the box's own /tmp: size-capped, never exported


class ConfigurationError(Exception):
    """A command line cannot be used as configured (unknown template variable, bad quoting, empty
    command), or the judge host lacks a file it needs: the admin's to fix, never the team's."""


def fill(language: LanguageConfig, template: str, values: Mapping[str, str]) -> list[str]:
    """A command template filled in and split into argv; ConfigurationError when it cannot be."""
    try:
        argv = substitute(template, values)
    except (KeyError, ValueError, IndexError) as error:
        raise ConfigurationError(f"language {language.id}: command {template!r}: {error}") from None
    if not argv:
        raise ConfigurationError(f"language {language.id}: empty command")
    return argv


def language_mounts(language: LanguageConfig) -> tuple[Mount, ...]:
    """The environment's toolchain folder, read-only at its host path, in every box of the
    language (compiler and runs): its commands name the interpreter or runtime by that path."""
    if not language.toolchain:
        return ()
    return (Mount(Path(language.toolchain), language.toolchain),)


def box_env(language: LanguageConfig) -> dict[str, str]:
    """Environment of a submission's runs: HOME is the box work directory, plus the language's
    own variables."""
    return {"HOME": BOX_DIR, **language.env}


def compile_env(language: LanguageConfig) -> dict[str, str]:
    """Environment of the compiler: HOME in the box's /tmp, so that caches compilers keep there
    (Go's build cache, GHC's and kotlinc's directories) are not exported with the program."""
    return {**box_env(language), "HOME": COMPILE_HOME, "TMPDIR": COMPILE_HOME}
