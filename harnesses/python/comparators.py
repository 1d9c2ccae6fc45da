"""The comparators of docs/functions.md over JSON values, standard library only.

The host imports this very file to judge every case, and the Python harness uses it for visible
cases, so a comparison means the same in both places. Numbers compare by value (JSON does not
tell 1 from 1.0, and JavaScript prints both as 1) but never equal a boolean. Every structural
comparator falls back to `exact` when a side is not an array, so that one comparator can serve
all the steps of a sequence problem (void steps are null).
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable
from typing import Any

FLOAT_TOLERANCE = 1e-6


def compare(comparator: str, got: Any, expected: Any) -> bool:
    """Whether `got` is right for `expected` under `comparator`; ValueError for a comparator
    that needs more than two values (validator:<name>) or that does not exist."""
    try:
        check = _COMPARATORS[comparator]
    except KeyError:
        raise ValueError(f"no comparator {comparator!r} here") from None
    return check(got, expected)


def exact(got: Any, expected: Any) -> bool:
    if _is_number(got) and _is_number(expected):
        return bool(got == expected)
    if isinstance(got, list) and isinstance(expected, list):
        return len(got) == len(expected) and all(map(exact, got, expected))
    if isinstance(got, dict) and isinstance(expected, dict):
        return got.keys() == expected.keys() and all(exact(got[k], expected[k]) for k in got)
    if _is_number(got) or _is_number(expected):
        return False
    return type(got) is type(expected) and bool(got == expected)


def close(got: Any, expected: Any) -> bool:
    """Numbers within FLOAT_TOLERANCE (absolute below 1, relative above), element-wise."""
    if _is_number(got) and _is_number(expected):
        if not (math.isfinite(got) and math.isfinite(expected)):
            return bool(got == expected)
        return bool(abs(got - expected) <= FLOAT_TOLERANCE * max(1.0, abs(expected)))
    if isinstance(got, list) and isinstance(expected, list):
        return len(got) == len(expected) and all(map(close, got, expected))
    return exact(got, expected)


def unordered(got: Any, expected: Any) -> bool:
    """The outer arrays equal as multisets (the elements compare exactly)."""
    if not (isinstance(got, list) and isinstance(expected, list)):
        return exact(got, expected)
    return Counter(map(canonical, got)) == Counter(map(canonical, expected))


def unordered_nested(got: Any, expected: Any) -> bool:
    """Each inner array sorted, then the outer arrays as multisets."""
    if not (isinstance(got, list) and isinstance(expected, list)):
        return exact(got, expected)
    return Counter(map(_sorted_inner, got)) == Counter(map(_sorted_inner, expected))


def as_set(got: Any, expected: Any) -> bool:
    if not (isinstance(got, list) and isinstance(expected, list)):
        return exact(got, expected)
    return set(map(canonical, got)) == set(map(canonical, expected))


def tree(got: Any, expected: Any) -> bool:
    """Level orders equal once trailing nulls are dropped (they carry no node)."""
    if not (isinstance(got, list) and isinstance(expected, list)):
        return exact(got, expected)
    return exact(_strip_nulls(got), _strip_nulls(expected))


def _strip_nulls(values: list[Any]) -> list[Any]:
    end = len(values)
    while end and values[end - 1] is None:
        end -= 1
    return values[:end]


def canonical(value: Any) -> str:
    """A text equal for two values exactly when `exact` says they are equal."""
    return json.dumps(_normalise(value), sort_keys=True, separators=(",", ":"))


def _normalise(value: Any) -> Any:
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if _is_number(value):
        # 2 and 2.0 are one number; keep floats that are not integral as they are.
        if isinstance(value, float) and value.is_integer():
            return int(value)
        return value if math.isfinite(value) else str(value)
    if isinstance(value, list):
        return [_normalise(item) for item in value]
    if isinstance(value, dict):
        return {"{}": {str(k): _normalise(v) for k, v in value.items()}}
    return repr(value)


def _sorted_inner(value: Any) -> str:
    if isinstance(value, list):
        return canonical(sorted(value, key=canonical))
    return canonical(value)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


_COMPARATORS: dict[str, Callable[[Any, Any], bool]] = {
    "exact": exact,
    "float": close,
    "unordered": unordered,
    "unordered-nested": unordered_nested,
    "set": as_set,
    "linkedlist": exact,
    "tree": tree,
}
