"""subsets: distinct values, up to 10 of them (1024 subsets)."""

from __future__ import annotations

import random
from typing import Any

Case = dict[str, Any]


def cases(rng: random.Random) -> list[Case]:
    out: list[Case] = [
        {"name": "negatives", "args": [[-1, -10]]},
        {"name": "ten-values", "args": [list(range(-5, 5))]},
    ]
    for k in range(14):
        n = rng.randint(1, 10)
        out.append({"name": f"random-{k}", "args": [rng.sample(range(-10, 11), n)]})
    return out


def reference(case: Case) -> list[list[int]]:
    nums: list[int] = case["args"][0]
    out: list[list[int]] = []
    chosen: list[int] = []

    def walk(i: int) -> None:
        if i == len(nums):
            out.append(list(chosen))
            return
        walk(i + 1)
        chosen.append(nums[i])
        walk(i + 1)
        chosen.pop()

    walk(0)
    return out


def brute(case: Case) -> list[list[int]]:
    nums: list[int] = case["args"][0]
    n = len(nums)
    return [[nums[i] for i in range(n) if mask >> i & 1] for mask in range(1 << n)]
