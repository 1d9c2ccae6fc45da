"""best-time-to-buy-and-sell-stock: random price series, trends and flat stretches."""

from __future__ import annotations

import random
from typing import Any

Case = dict[str, Any]

MAX_PRICE = 10**4


def _random_walk(rng: random.Random, n: int, step: int) -> list[int]:
    price = rng.randint(0, MAX_PRICE)
    out = []
    for _ in range(n):
        price = min(MAX_PRICE, max(0, price + rng.randint(-step, step)))
        out.append(price)
    return out


def cases(rng: random.Random) -> list[Case]:
    out: list[Case] = [
        {"name": "single-day", "args": [[5]]},
        {"name": "two-days-rising", "args": [[0, MAX_PRICE]]},
        {"name": "two-days-falling", "args": [[MAX_PRICE, 0]]},
        {"name": "flat", "args": [[3] * 20]},
        {"name": "strictly-falling", "args": [list(range(50, 0, -1))]},
        {"name": "minimum-after-maximum", "args": [[4, 9, 1, 6, 2, 8, 0, 3]]},
    ]
    for k in range(12):
        n = rng.randint(1, 12)
        out.append({"name": f"small-{k}", "args": [[rng.randint(0, 20) for _ in range(n)]]})
    for k in range(8):
        n = rng.randint(100, 1000)
        prices = [rng.randint(0, MAX_PRICE) for _ in range(n)]
        out.append({"name": f"medium-random-{k}", "args": [prices]})
        out.append({"name": f"medium-walk-{k}", "args": [_random_walk(rng, n, 50)]})
    return out


def stress(rng: random.Random) -> list[Case]:
    return [{"name": "random-200k", "args": [[rng.randint(0, MAX_PRICE) for _ in range(200_000)]]}]


def reference(case: Case) -> int:
    prices: list[int] = case["args"][0]
    best = 0
    lowest = prices[0]
    for price in prices:
        lowest = min(lowest, price)
        best = max(best, price - lowest)
    return best


def brute(case: Case) -> int:
    prices: list[int] = case["args"][0]
    n = len(prices)
    # Buying and selling on the same day (profit 0) is the fallback when every pair loses.
    return max(prices[j] - prices[i] for i in range(n) for j in range(i, n))
