"""pow-x-n: bases in (-100, 100), exponents over the whole 32-bit range, |x^n| <= 10^4."""

from __future__ import annotations

import math
import random
from typing import Any

Case = dict[str, Any]

INT_MIN = -(2**31)
INT_MAX = 2**31 - 1


def _bounded_exponent(rng: random.Random, x: float) -> int:
    # The largest |n| keeping |x|^n (n > 0 for |x| > 1, n < 0 for |x| < 1) within 10^4.
    magnitude = abs(x)
    if magnitude == 1.0:
        return rng.choice([INT_MIN, INT_MAX, rng.randint(INT_MIN, INT_MAX)])
    limit = int(math.log(1e4) / abs(math.log(magnitude)))
    n = rng.randint(0, limit)
    sign = 1 if magnitude > 1 else -1
    # The other sign only shrinks the result: any size is allowed there.
    if rng.random() < 0.3:
        return -sign * rng.randint(0, 60)
    return sign * n


def cases(rng: random.Random) -> list[Case]:
    out: list[Case] = [
        {"name": "zero-exponent", "args": [-37.5, 0]},
        {"name": "zero-base", "args": [0.0, 5]},
        {"name": "one-min-exponent", "args": [1.0, INT_MIN]},
        {"name": "minus-one-min-exponent", "args": [-1.0, INT_MIN]},
        {"name": "minus-one-max-exponent", "args": [-1.0, INT_MAX]},
        {"name": "two-min-exponent", "args": [2.0, INT_MIN]},
        {"name": "half-max-exponent", "args": [0.5, INT_MAX]},
        {"name": "near-one-large-exponent", "args": [1.0000001, 50_000_000]},
        {"name": "near-one-negative-exponent", "args": [0.9999999, -60_000_000]},
        {"name": "negative-base-odd", "args": [-3.0, 7]},
    ]
    for k in range(30):
        x = round(rng.uniform(-99.99, 99.99), rng.choice([1, 2, 5]))
        if k % 3 == 0:
            x = round(rng.uniform(-2, 2), 4)
        if x == 0.0:
            x = 0.5
        out.append({"name": f"random-{k}", "args": [x, _bounded_exponent(rng, x)]})
    return out


def reference(case: Case) -> float:
    x, n = case["args"]
    base = float(x)
    power = abs(n)
    result = 1.0
    while power:
        if power & 1:
            result *= base
        base *= base
        power >>= 1
    return 1.0 / result if n < 0 else result


def brute(case: Case) -> float:
    x, n = case["args"]
    return math.pow(x, n)
