"""contains-duplicate: random arrays with and without repeated values."""

from __future__ import annotations

import random
from typing import Any

Case = dict[str, Any]

LIMIT = 10**9


def _distinct(rng: random.Random, n: int, spread: int) -> list[int]:
    return rng.sample(range(-spread, spread + 1), n)


def _with_duplicate(rng: random.Random, n: int, spread: int) -> list[int]:
    nums = _distinct(rng, n - 1, spread)
    nums.insert(rng.randint(0, len(nums)), rng.choice(nums))
    return nums


def cases(rng: random.Random) -> list[Case]:
    out: list[Case] = [
        {"name": "single", "args": [[7]]},
        {"name": "pair-equal", "args": [[-3, -3]]},
        {"name": "pair-distinct", "args": [[LIMIT, -LIMIT]]},
        {"name": "duplicate-at-ends", "args": [[9, 1, 2, 3, 4, 9]]},
    ]
    for k in range(10):
        n = rng.randint(2, 15)
        out.append({"name": f"small-dup-{k}", "args": [_with_duplicate(rng, n, 10)]})
        out.append({"name": f"small-distinct-{k}", "args": [_distinct(rng, n, 10)]})
    for k in range(6):
        n = rng.randint(100, 2000)
        out.append({"name": f"medium-dup-{k}", "args": [_with_duplicate(rng, n, LIMIT)]})
        out.append({"name": f"medium-distinct-{k}", "args": [_distinct(rng, n, LIMIT)]})
    out.append({"name": "many-repeats", "args": [[rng.randint(0, 3) for _ in range(500)]]})
    return out


def stress(rng: random.Random) -> list[Case]:
    # No repeated value: a scan over all pairs has to look at every one of them. Values within
    # +-10^6 keep the file small (fewer digits) at this size.
    return [{"name": "all-distinct", "args": [_distinct(rng, 350_000, 10**6)]}]


def reference(case: Case) -> bool:
    nums: list[int] = case["args"][0]
    return len(set(nums)) != len(nums)


def brute(case: Case) -> bool:
    nums: list[int] = case["args"][0]
    ordered = sorted(nums)
    return any(ordered[i] == ordered[i + 1] for i in range(len(ordered) - 1))
