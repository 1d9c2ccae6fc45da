"""Cases for reorder-list: lengths 1 to 6 (odd and even), repeated values, 5 * 10^4 nodes."""

from __future__ import annotations

import random
from typing import Any

Case = dict[str, Any]
MAX_NODES = 50_000
MAX_VALUE = 1000


def _values(rng: random.Random, n: int) -> list[int]:
    return [rng.randint(1, MAX_VALUE) for _ in range(n)]


def cases(rng: random.Random) -> list[Case]:
    out = [{"name": f"length-{n}", "args": [_values(rng, n)]} for n in (1, 2, 3, 4, 5, 6, 101)]
    out.append({"name": "repeated-values", "args": [[rng.randint(1, 2) for _ in range(30)]]})
    out.append({"name": "longest-even", "args": [_values(rng, MAX_NODES)]})
    out.append({"name": "long-odd", "args": [_values(rng, MAX_NODES - 1)]})
    return out


def reference(case: Case) -> list[int]:
    """Split at the middle, reverse the second half, interleave: the in-place algorithm."""
    values: list[int] = case["args"][0]
    middle = (len(values) + 1) // 2
    first, second = values[:middle], values[middle:][::-1]
    out: list[int] = []
    for k, value in enumerate(first):
        out.append(value)
        if k < len(second):
            out.append(second[k])
    return out


def brute(case: Case) -> list[int]:
    """Take from the front and the back in turn until the two ends meet."""
    values: list[int] = case["args"][0]
    lo, hi = 0, len(values) - 1
    out: list[int] = []
    from_front = True
    while lo <= hi:
        if from_front:
            out.append(values[lo])
            lo += 1
        else:
            out.append(values[hi])
            hi -= 1
        from_front = not from_front
    return out
