"""climbing-stairs: every n from 1 to 70 (the answer for 70 is still below 2^53)."""

from __future__ import annotations

import math
import random
from typing import Any

Case = dict[str, Any]


def cases(rng: random.Random) -> list[Case]:
    ns = list(range(1, 71))
    rng.shuffle(ns)
    return [{"name": f"n-{n}", "args": [n]} for n in ns]


def reference(case: Case) -> int:
    n: int = case["args"][0]
    one_back, two_back = 1, 0
    for _ in range(n):
        one_back, two_back = one_back + two_back, one_back
    return one_back


def brute(case: Case) -> int:
    # Choose how many of the steps are double steps: k doubles leave n - 2k singles, and the
    # n - k moves can be ordered in C(n - k, k) ways.
    n: int = case["args"][0]
    return sum(math.comb(n - k, k) for k in range(n // 2 + 1))
