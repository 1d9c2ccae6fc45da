"""A multi-pass problem's pass limit: problem.yaml `limits.validation_passes` (2025-09, and
DOMjudge's legacy packages with `validation: custom multi-pass`), an int of at least 2, the
format's default 2. The format allows it only for multi-pass problems; other problems ignore
it (their tests run once)."""

from __future__ import annotations

from collections.abc import Set
from typing import Any

from judging.problem.errors import PackageError

DEFAULT_PASSES = 2


def validation_passes(config: dict[str, Any], types: Set[str]) -> int:
    limits = config.get("limits") or {}
    value = limits.get("validation_passes") if isinstance(limits, dict) else None
    if value is None or "multi-pass" not in types:
        return DEFAULT_PASSES
    # bool is an int in Python: `validation_passes: yes` is a mistake, not 1.
    if isinstance(value, bool) or not isinstance(value, int) or value < 2:
        raise PackageError(
            f"problem.yaml: limits.validation_passes must be an integer of at least 2, "
            f"got {value!r}"
        )
    return value
