"""Cases for merge-k-sorted-lists: no lists, empty lists, 10^4 lists of one node, a few long
lists: a solution that merges the lists one after the other still passes these sizes."""

from __future__ import annotations

import heapq
import random
from typing import Any

Case = dict[str, Any]
MAX_TOTAL = 10_000
MAX_VALUE = 10_000


def _sorted_list(rng: random.Random, n: int) -> list[int]:
    return sorted(rng.randint(-MAX_VALUE, MAX_VALUE) for _ in range(n))


def _lists(rng: random.Random, k: int, total: int) -> list[list[int]]:
    """k sorted lists of `total` nodes in all, cut at random points (so some are empty)."""
    cuts = sorted(rng.randint(0, total) for _ in range(k - 1))
    sizes = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
    return [_sorted_list(rng, n) for n in sizes]


def cases(rng: random.Random) -> list[Case]:
    out: list[Case] = [
        {"name": "no-lists", "args": [[]]},
        {"name": "one-empty-list", "args": [[[]]]},
        {"name": "only-empty-lists", "args": [[[], [], []]]},
        {"name": "one-list", "args": [[_sorted_list(rng, 20)]]},
        {"name": "same-values", "args": [[[1, 1, 2], [1, 2, 2], [1]]]},
        {"name": "single-nodes", "args": [[[rng.randint(-9, 9)] for _ in range(MAX_TOTAL)]]},
        {"name": "few-long", "args": [_lists(rng, 3, MAX_TOTAL)]},
        {"name": "many-mixed", "args": [_lists(rng, 500, MAX_TOTAL)]},
    ]
    for k in range(8):
        out.append({"name": f"random-{k}", "args": [_lists(rng, rng.randint(1, 8), 30)]})
    return out


def reference(case: Case) -> list[int]:
    """A heap of the lists' current heads."""
    lists: list[list[int]] = case["args"][0]
    heap = [(items[0], k, 0) for k, items in enumerate(lists) if items]
    heapq.heapify(heap)
    out: list[int] = []
    while heap:
        value, k, at = heapq.heappop(heap)
        out.append(value)
        if at + 1 < len(lists[k]):
            heapq.heappush(heap, (lists[k][at + 1], k, at + 1))
    return out


def brute(case: Case) -> list[int]:
    return sorted(value for items in case["args"][0] for value in items)
