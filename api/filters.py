"""The spec's filtering: collections filter on any ID property by query argument (an empty
value matches null); several arguments must all match."""

from __future__ import annotations

from collections.abc import Iterable

from django.http import QueryDict

from api.http import JSON, not_found


def _id_properties(objects: list[JSON]) -> set[str]:
    return {key for obj in objects for key in obj if key.endswith("_id")}


def filtered(objects: Iterable[JSON], params: QueryDict) -> list[JSON]:
    result = list(objects)
    keys = _id_properties(result)
    for key, value in params.items():
        if key in keys:
            wanted = value or None
            result = [obj for obj in result if obj.get(key) == wanted]
    return result


def one(objects: Iterable[JSON], object_id: str, what: str) -> JSON:
    for obj in objects:
        if obj["id"] == object_id:
            return obj
    raise not_found(f"{what} {object_id!r}")


# A database id is a signed 64-bit integer; a longer number names no row.
MAX_ID = 2**63 - 1


def ascii_int(text: str) -> int | None:
    """The number spelled by ASCII digits, else None.

    Not str.isdigit(): it accepts "²" (which int() refuses) and U+0661, an Arabic-Indic one
    (which int() reads as 1): a client naming object U+0661 must not get object 1.
    """
    if not (text.isascii() and text.isdigit()) or len(text) > 19:
        return None
    value = int(text)
    return value if value <= MAX_ID else None


def int_id(object_id: str, what: str) -> int:
    """Our numeric ids; anything else names no object."""
    value = ascii_int(object_id)
    if value is None:
        raise not_found(f"{what} {object_id!r}")
    return value
