"""Cases for reverse-linked-list: every small length, repeated values, the 5000-node maximum."""

from __future__ import annotations

import random
from typing import Any

Case = dict[str, Any]
MAX_NODES = 5000
MAX_VALUE = 5000


def _values(rng: random.Random, n: int) -> list[int]:
    return [rng.randint(-MAX_VALUE, MAX_VALUE) for _ in range(n)]


def cases(rng: random.Random) -> list[Case]:
    out = [{"name": f"length-{n}", "args": [_values(rng, n)]} for n in (0, 1, 2, 3, 8, 100)]
    out.append({"name": "repeated-values", "args": [[rng.randint(0, 2) for _ in range(40)]]})
    out.append({"name": "extremes", "args": [[MAX_VALUE, -MAX_VALUE, 0, MAX_VALUE]]})
    out.append({"name": "longest", "args": [_values(rng, MAX_NODES)]})
    return out


def reference(case: Case) -> list[int]:
    """Turns the next-pointers (as indices) around one by one, as the solutions do."""
    values: list[int] = case["args"][0]
    following = [k + 1 for k in range(len(values))]
    if following:
        following[-1] = -1
    previous, node = -1, (0 if values else -1)
    while node != -1:
        following[node], previous, node = previous, node, following[node]
    out: list[int] = []
    while previous != -1:
        out.append(values[previous])
        previous = following[previous]
    return out


def brute(case: Case) -> list[int]:
    return list(reversed(case["args"][0]))
