"""Starter code and signatures per language, generated from a problem's manifest.

One module per language (starters/<id>.py, exposing `starter(manifest)` and
`signature(manifest)`), written with that language's harness so both agree on names and types;
this package only dispatches, and knows which languages have both a harness and a starter.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from functools import cache
from types import ModuleType
from typing import Any, cast

from judging.functions.adapters.registry import HARNESS_LANGUAGES, adapter_for

Manifest = Mapping[str, Any]


@cache
def _module(language_id: str) -> ModuleType | None:
    if language_id not in HARNESS_LANGUAGES:
        return None
    name = f"judging.functions.starters.{language_id}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        return None


def _call(language_id: str, function: str, manifest: Manifest) -> str:
    module = _module(language_id)
    if module is None:
        raise LookupError(f"no starter code for language {language_id!r}")
    generate = cast(Callable[[Manifest], str], getattr(module, function))
    return generate(manifest)


def starter(manifest: Manifest, language_id: str) -> str:
    """The code a team starts from: the signature with an empty body, node classes in comments."""
    return _call(language_id, "starter", manifest)


def signature(manifest: Manifest, language_id: str) -> str:
    """The function's (or class's) signature in the language, for the statement page."""
    return _call(language_id, "signature", manifest)


def languages_with_harness() -> tuple[str, ...]:
    """Languages a function problem can be solved in here: a harness and a starter."""
    return tuple(
        lang for lang in HARNESS_LANGUAGES if adapter_for(lang) is not None and _module(lang)
    )
