"""two-sum: inputs built so exactly one pair of indices sums to the target."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

Case = dict[str, Any]

LIMIT = 10**9


def _pairs_summing_to(nums: list[int], target: int) -> int:
    counts = Counter(nums)
    total = 0
    for value, count in counts.items():
        other = target - value
        if other == value:
            total += count * (count - 1)
        else:
            total += count * counts.get(other, 0)
    return total // 2


def _unique_case(rng: random.Random, n: int, spread: int) -> Case:
    # Redraw until the chosen pair is the only one: small spreads make collisions likely.
    while True:
        nums = [rng.randint(-spread, spread) for _ in range(n)]
        i, j = rng.sample(range(n), 2)
        target = nums[i] + nums[j]
        if _pairs_summing_to(nums, target) == 1:
            return {"args": [nums, target]}


def _parity_case(n: int, rng: random.Random, tail: bool, spread: int = LIMIT) -> list[Any]:
    # Every value is even except one odd `a`, and the target is odd, so the only pair summing to
    # it is `a` with `target - a`. With `tail` the pair sits at the end, the worst place for a
    # scan over all pairs.
    evens = [2 * v for v in rng.sample(range(-spread // 2, spread // 2), n - 1)]
    odd = 2 * rng.randint(-spread // 2, spread // 2 - 1) + 1
    partner = evens.pop(rng.randrange(len(evens)))
    nums = evens
    if tail:
        pair = [odd, partner]
        rng.shuffle(pair)
        nums.extend(pair)
    else:
        nums.insert(rng.randint(0, len(nums)), odd)
        nums.insert(rng.randint(0, len(nums)), partner)
    return [nums, odd + partner]


def cases(rng: random.Random) -> list[Case]:
    out: list[Case] = [
        {"name": "two-elements", "args": [[1, -1], 0]},
        {"name": "same-value-pair", "args": [[5, 1, 5], 10]},
        {"name": "zeros", "args": [[0, 4, 3, 0], 0]},
        {"name": "extremes", "args": [[LIMIT, -LIMIT, 7, LIMIT - 1], 2 * LIMIT - 1]},
    ]
    for k in range(14):
        n = rng.randint(2, 12)
        out.append({"name": f"small-{k}", **_unique_case(rng, n, rng.choice([5, 20, 100]))})
    for k in range(8):
        n = rng.randint(50, 400)
        out.append({"name": f"medium-{k}", **_unique_case(rng, n, 10**6)})
    for k in range(4):
        out.append(
            {"name": f"parity-{k}", "args": _parity_case(rng.randint(100, 1000), rng, k % 2 == 0)}
        )
    return out


def stress(rng: random.Random) -> list[Case]:
    # Values within +-10^6 keep the file small (fewer digits) at this size.
    return [{"name": "pair-at-end", "args": _parity_case(350_000, rng, True, 10**6)}]


def reference(case: Case) -> list[int]:
    nums, target = case["args"]
    seen: dict[int, int] = {}
    for j, value in enumerate(nums):
        if target - value in seen:
            return [seen[target - value], j]
        seen[value] = j
    raise ValueError("no pair sums to the target")


def brute(case: Case) -> list[int]:
    nums, target = case["args"]
    n = len(nums)
    for i in range(n):
        for j in range(i + 1, n):
            if nums[i] + nums[j] == target:
                return [i, j]
    raise ValueError("no pair sums to the target")
