"""find-peak-element: neighbours always differ; any peak is accepted (validator)."""

from __future__ import annotations

import random
from typing import Any

Case = dict[str, Any]

INT_MIN = -(2**31)
INT_MAX = 2**31 - 1


def _no_equal_neighbours(rng: random.Random, n: int, low: int, high: int) -> list[int]:
    out = [rng.randint(low, high)]
    while len(out) < n:
        value = rng.randint(low, high)
        if value != out[-1]:
            out.append(value)
    return out


def cases(rng: random.Random) -> list[Case]:
    out: list[Case] = [
        {"name": "two-rising", "args": [[1, 2]]},
        {"name": "two-falling", "args": [[2, 1]]},
        {"name": "int-extremes", "args": [[INT_MIN, INT_MAX, INT_MIN]]},
        {"name": "strictly-rising", "args": [list(range(1000))]},
        {"name": "strictly-falling", "args": [list(range(1000, 0, -1))]},
        {"name": "zigzag", "args": [[i % 2 for i in range(999)]]},
    ]
    for k in range(16):
        n = rng.randint(1, 12)
        out.append({"name": f"small-{k}", "args": [_no_equal_neighbours(rng, n, -5, 5)]})
    for k in range(8):
        n = rng.randint(100, 5000)
        values = _no_equal_neighbours(rng, n, INT_MIN, INT_MAX)
        out.append({"name": f"medium-{k}", "args": [values]})
    return out


def reference(case: Case) -> int:
    # Binary search: climbing towards the larger neighbour always reaches a peak.
    nums: list[int] = case["args"][0]
    lo, hi = 0, len(nums) - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if nums[mid] < nums[mid + 1]:
            lo = mid + 1
        else:
            hi = mid
    return lo


def brute(case: Case) -> int:
    nums: list[int] = case["args"][0]
    padded = [float("-inf"), *nums, float("-inf")]
    return next(i for i in range(len(nums)) if padded[i] < padded[i + 1] > padded[i + 2])
