"""Juiz's extension properties (`x_...`, e.g. a judgement's Mooshak classification) and the
`strict` request argument that leaves them out.

The spec lets servers add properties and asks clients to accept them, but its conformance
script validates in strict mode (no property beyond the spec's) unless told otherwise. As in
DOMjudge, `?strict=1` (or `true`) on any request answers with the spec's properties only, and
the access endpoint then announces only those.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.http import HttpRequest

PREFIX = "x_"


def strict(request: HttpRequest) -> bool:
    return request.GET.get("strict", "").lower() in ("1", "true")


def is_extension(name: str) -> bool:
    return name.startswith(PREFIX)


def _strip(obj: Any) -> Any:
    if isinstance(obj, dict):
        return {key: value for key, value in obj.items() if not is_extension(key)}
    return obj


def without_extensions(result: Any) -> Any:
    """An object, or a collection of objects, without extension properties."""
    if isinstance(result, list):
        return [_strip(obj) for obj in result]
    return _strip(result)


def announced(properties: Iterable[str], *, strict: bool) -> list[str]:
    return [p for p in properties if not (strict and is_extension(p))]
