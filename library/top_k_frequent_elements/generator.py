"""top-k-frequent-elements: frequencies chosen so that the k most frequent are unambiguous."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

Case = dict[str, Any]


def _case(rng: random.Random, distinct: int, max_freq: int, spread: int) -> list[Any]:
    values = rng.sample(range(-spread, spread + 1), distinct)
    freqs = sorted((rng.randint(1, max_freq) for _ in range(distinct)), reverse=True)
    # A valid k either takes every value or stops just before a strictly smaller frequency.
    ks = [k for k in range(1, distinct + 1) if k == distinct or freqs[k - 1] > freqs[k]]
    k = rng.choice(ks)
    nums = [v for v, f in zip(values, freqs, strict=True) for _ in range(f)]
    rng.shuffle(nums)
    return [nums, k]


def cases(rng: random.Random) -> list[Case]:
    out: list[Case] = [
        {"name": "all-same", "args": [[7, 7, 7, 7], 1]},
        {"name": "all-distinct-take-all", "args": [[3, 1, 2], 3]},
        {"name": "negatives", "args": [[-1, -1, -2, -2, -2, 0], 2]},
    ]
    for k in range(16):
        out.append({"name": f"small-{k}", "args": _case(rng, rng.randint(1, 6), 5, 10)})
    for k in range(8):
        distinct = rng.randint(50, 400)
        out.append({"name": f"medium-{k}", "args": _case(rng, distinct, 60, 10**4)})
    return out


def reference(case: Case) -> list[int]:
    nums, k = case["args"]
    counts = Counter(nums)
    buckets: list[list[int]] = [[] for _ in range(len(nums) + 1)]
    for value, count in counts.items():
        buckets[count].append(value)
    answer: list[int] = []
    for bucket in reversed(buckets):
        answer.extend(bucket)
        if len(answer) >= k:
            return answer[:k]
    return answer


def brute(case: Case) -> list[int]:
    # Take the most frequent remaining value, k times.
    nums, k = case["args"]
    counts = Counter(nums)
    answer: list[int] = []
    for _ in range(k):
        best = max(counts, key=lambda value: counts[value])
        del counts[best]
        answer.append(best)
    return answer
