"""Programming languages: plain LanguageConfig data (base.py), one small module per built-in
language, and the registry that lists them and answers questions about any config."""

from __future__ import annotations

from judging.languages.base import LanguageConfig
from judging.languages.registry import all_languages, for_filename, get, is_available, version

__all__ = ["LanguageConfig", "all_languages", "for_filename", "get", "is_available", "version"]
