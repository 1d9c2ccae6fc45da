"""Cases for merge-two-sorted-lists: empty sides, equal values, runs, the 50 + 50 maximum."""

from __future__ import annotations

import random
from typing import Any

Case = dict[str, Any]
MAX_NODES = 50
MAX_VALUE = 100


def _sorted_list(rng: random.Random, n: int, low: int = -MAX_VALUE) -> list[int]:
    return sorted(rng.randint(low, MAX_VALUE) for _ in range(n))


def cases(rng: random.Random) -> list[Case]:
    out: list[Case] = [
        {"name": "both-empty", "args": [[], []]},
        {"name": "left-empty", "args": [[], _sorted_list(rng, 5)]},
        {"name": "right-empty", "args": [_sorted_list(rng, 5), []]},
        {"name": "all-equal", "args": [[7] * 6, [7] * 4]},
        {"name": "left-all-smaller", "args": [[-3, -2, -1], [0, 1, 2, 3]]},
        {"name": "full", "args": [_sorted_list(rng, MAX_NODES), _sorted_list(rng, MAX_NODES)]},
    ]
    for k in range(8):
        sizes = (rng.randint(0, 12), rng.randint(0, 12))
        # Narrow ranges give many ties between the two lists.
        low = rng.choice((-MAX_VALUE, 95))
        out.append({"name": f"random-{k}", "args": [_sorted_list(rng, n, low) for n in sizes]})
    return out


def reference(case: Case) -> list[int]:
    """Two fingers walking both lists, taking the smaller head (the left one on ties)."""
    left: list[int] = case["args"][0]
    right: list[int] = case["args"][1]
    i = j = 0
    out: list[int] = []
    while i < len(left) and j < len(right):
        if left[i] <= right[j]:
            out.append(left[i])
            i += 1
        else:
            out.append(right[j])
            j += 1
    return out + left[i:] + right[j:]


def brute(case: Case) -> list[int]:
    left, right = case["args"]
    return sorted(left + right)
