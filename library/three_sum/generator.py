"""three-sum: small value ranges give many triplets and many duplicate values."""

from __future__ import annotations

import random
from typing import Any

Case = dict[str, Any]


def cases(rng: random.Random) -> list[Case]:
    out: list[Case] = [
        {"name": "three-values-no-zero-sum", "args": [[1, 2, -2]]},
        {"name": "many-zeros", "args": [[0] * 50]},
        {"name": "negatives-only", "args": [[-1, -2, -3, -4]]},
        {"name": "duplicates", "args": [[-2, 0, 0, 2, 2, -2, 1, 1, -1, -1]]},
    ]
    for k in range(16):
        n = rng.randint(3, 12)
        out.append({"name": f"small-{k}", "args": [[rng.randint(-5, 5) for _ in range(n)]]})
    for k in range(8):
        n = rng.randint(60, 160)
        spread = rng.choice([20, 100, 10**5])
        out.append(
            {"name": f"medium-{k}", "args": [[rng.randint(-spread, spread) for _ in range(n)]]}
        )
    return out


def reference(case: Case) -> list[list[int]]:
    nums = sorted(case["args"][0])
    n = len(nums)
    out: list[list[int]] = []
    for i in range(n - 2):
        if i and nums[i] == nums[i - 1]:
            continue
        lo, hi = i + 1, n - 1
        while lo < hi:
            total = nums[i] + nums[lo] + nums[hi]
            if total < 0:
                lo += 1
            elif total > 0:
                hi -= 1
            else:
                out.append([nums[i], nums[lo], nums[hi]])
                lo += 1
                while lo < hi and nums[lo] == nums[lo - 1]:
                    lo += 1
    return out


def brute(case: Case) -> list[list[int]]:
    nums: list[int] = case["args"][0]
    n = len(nums)
    found = {
        tuple(sorted((nums[i], nums[j], nums[k])))
        for i in range(n)
        for j in range(i + 1, n)
        for k in range(j + 1, n)
        if nums[i] + nums[j] + nums[k] == 0
    }
    return [list(t) for t in found]
