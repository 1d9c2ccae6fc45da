"""The 2023-07 format's constants: `{{name}}` and `{{name.variant}}` in output validators,
included files, example submissions and test_group.yaml become the value problem.yaml's
`constants` gives (docs/packages.md, "Constants"). Sequences naming no constant stay as they
are, as the format says; test data and problem.yaml itself are never substituted.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

Constants = tuple[tuple[str, str], ...]  # ("k", "5000000"), ("k.tex", "5,000,000") ...

_SEQUENCE = re.compile(rb"\{\{([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)?)\}\}")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def parse_constants(value: Any) -> Constants:
    """problem.yaml's constants map as (sequence name, text) pairs; ValueError when malformed."""
    if value is None:
        return ()
    if not isinstance(value, Mapping):
        raise ValueError("constants must be a map of names to values")
    pairs: list[tuple[str, str]] = []
    for name, spec in value.items():
        if not isinstance(name, str) or not _NAME.fullmatch(name):
            raise ValueError(f"constant name {name!r} is not [a-zA-Z_][a-zA-Z0-9_]*")
        variants = spec if isinstance(spec, Mapping) else {"value": spec}
        if "value" not in variants:
            raise ValueError(f"constant {name}: a map needs its value key")
        for variant, text in variants.items():
            if isinstance(text, bool) or not isinstance(text, (int, float, str)):
                raise ValueError(f"constant {name}.{variant}: an integer, float or string")
            pairs.append((f"{name}.{variant}", str(text)))
        pairs.append((name, str(variants["value"])))
    return tuple(pairs)


def substitute(data: bytes, constants: Constants) -> bytes:
    if not constants or b"{{" not in data:
        return data
    table = {name.encode(): text.encode() for name, text in constants}
    return _SEQUENCE.sub(lambda m: table.get(m.group(1), m.group(0)), data)
