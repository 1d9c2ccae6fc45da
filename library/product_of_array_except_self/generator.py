"""product-of-array-except-self: arrays whose prefix and suffix products fit in 32 bits."""

from __future__ import annotations

import math
import random
from typing import Any

Case = dict[str, Any]

BOUND = 2**31 - 1


def _array(rng: random.Random, n: int, big_chance: float, zeros: int) -> list[int]:
    # Keep the product of the absolute values of all non-zero elements within 32 bits: every
    # prefix, suffix and "all but one" product is then within 32 bits too.
    budget = BOUND
    out: list[int] = []
    for _ in range(n):
        value = rng.randint(-30, 30) if rng.random() < big_chance else rng.choice([-1, 1])
        if value == 0 or abs(value) > budget:
            value = rng.choice([-1, 1])
        budget //= abs(value)
        out.append(value)
    for _ in range(zeros):
        out[rng.randrange(n)] = 0
    return out


def cases(rng: random.Random) -> list[Case]:
    out: list[Case] = [
        {"name": "two-elements", "args": [[-30, 30]]},
        {"name": "two-zeros", "args": [[5, 0, 2, 0]]},
        {"name": "one-zero", "args": [[4, 0, -2, 3]]},
        {"name": "largest-product", "args": [[2] * 30 + [1]]},
        {"name": "negative-limit", "args": [[-2] * 31]},
    ]
    for k in range(12):
        n = rng.randint(2, 10)
        out.append({"name": f"small-{k}", "args": [_array(rng, n, 0.8, rng.choice([0, 0, 1, 2]))]})
    for k in range(8):
        n = rng.randint(100, 2000)
        out.append({"name": f"medium-{k}", "args": [_array(rng, n, 0.05, k % 3)]})
    return out


def stress(rng: random.Random) -> list[Case]:
    return [{"name": "no-zero-200k", "args": [_array(rng, 200_000, 0.001, 0)]}]


def reference(case: Case) -> list[int]:
    nums: list[int] = case["args"][0]
    n = len(nums)
    answer = [1] * n
    for i in range(1, n):
        answer[i] = answer[i - 1] * nums[i - 1]
    suffix = 1
    for i in range(n - 1, -1, -1):
        answer[i] *= suffix
        suffix *= nums[i]
    return answer


def brute(case: Case) -> list[int]:
    nums: list[int] = case["args"][0]
    return [math.prod(nums[:i] + nums[i + 1 :]) for i in range(len(nums))]
