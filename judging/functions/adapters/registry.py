"""Which languages have a harness: `adapter_for(language_id)`.

Each language's adapter lives in its own module (adapters/<id>.py, exposing ADAPTER), written
alongside that language's harness; a module that is missing simply means no harness, so the
engine refuses that language for function problems instead of failing to import.
"""

from __future__ import annotations

import importlib
from functools import cache

from judging.functions.adapters.base import HarnessAdapter

# Registry ids of the languages that may have a harness, in display order.
HARNESS_LANGUAGES: tuple[str, ...] = ("python3", "java", "javascript", "typescript", "cpp")


@cache
def adapter_for(language_id: str) -> HarnessAdapter | None:
    if language_id not in HARNESS_LANGUAGES:
        return None
    module_name = f"judging.functions.adapters.{language_id}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise  # a real import failure inside the adapter: show it
        return None
    adapter = getattr(module, "ADAPTER", None)
    if not isinstance(adapter, HarnessAdapter) or adapter.language != language_id:
        raise TypeError(f"{module_name}.ADAPTER is not the HarnessAdapter of {language_id}")
    return adapter


def languages_with_harness() -> tuple[str, ...]:
    return tuple(lang for lang in HARNESS_LANGUAGES if adapter_for(lang) is not None)
