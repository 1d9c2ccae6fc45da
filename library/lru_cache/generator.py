"""Cases for lru-cache: capacity 1, updates of a present key (which refresh it), reads that
refresh, random mixes with evictions; the stress case fills a 2 * 10^5-entry cache and works on
it, so a cache that scans its entries on each call (O(capacity)) runs out of time."""

from __future__ import annotations

import random
from collections import OrderedDict
from typing import Any

Case = dict[str, Any]
Step = dict[str, Any]
MAX_KEY = 1_000_000
MAX_VALUE = 100_000
STRESS_CAPACITY = 200_000
STRESS_CALLS = 40_000


def _step(method: str, *args: Any) -> Step:
    return {"method": method, "args": list(args)}


def _calls(rng: random.Random, capacity: int, calls: int, keys: int) -> list[Step]:
    """A constructor and `calls` gets and puts over keys 0..keys-1 (more keys than capacity
    means evictions)."""
    steps = [_step("constructor", capacity)]
    for _ in range(calls):
        key = rng.randrange(keys)
        if rng.random() < 0.5:
            steps.append(_step("get", key))
        else:
            steps.append(_step("put", key, rng.randint(0, MAX_VALUE)))
    return steps


def _script(text: str) -> list[Step]:
    """Steps from "constructor 2; put 1 1; get 1"."""
    calls = (call.split() for call in text.split(";"))
    return [_step(method, *map(int, args)) for method, *args in calls]


FIXED = {
    "capacity-one": "constructor 1; put 2 1; get 2; put 3 2; get 2; get 3",
    "update-refreshes": "constructor 2; put 1 1; put 2 2; put 1 10; put 3 3; get 1; get 2; get 3",
    "get-refreshes": "constructor 2; put 1 1; put 2 2; get 1; put 3 3; get 2; get 1; get 3",
    "value-zero": "constructor 2; put 0 0; get 0; get 1",
}


def cases(rng: random.Random) -> list[Case]:
    out = [{"name": name, "steps": _script(text)} for name, text in FIXED.items()]
    for k in range(10):
        capacity = rng.randint(1, 6)
        steps = _calls(rng, capacity, rng.randint(5, 60), capacity + rng.randint(0, 6))
        out.append({"name": f"random-{k}", "steps": steps})
    out.append({"name": "medium", "steps": _calls(rng, 300, 20_000, 450)})
    out.append({"name": "large-keys", "steps": _calls(rng, 50, 2_000, MAX_KEY + 1)})
    return out


def stress(rng: random.Random) -> list[Case]:
    """Fill the cache with distinct keys, then mix gets and puts over 1.2 x capacity keys."""
    keys = rng.sample(range(MAX_KEY + 1), STRESS_CAPACITY * 6 // 5)
    steps = [_step("constructor", STRESS_CAPACITY)]
    steps += [_step("put", key, rng.randint(0, MAX_VALUE)) for key in keys[:STRESS_CAPACITY]]
    for _ in range(STRESS_CALLS):
        key = rng.choice(keys)
        if rng.random() < 0.5:
            steps.append(_step("get", key))
        else:
            steps.append(_step("put", key, rng.randint(0, MAX_VALUE)))
    return [{"name": "full-cache", "steps": steps}]


def reference(case: Case) -> list[int | None]:
    """An ordered dictionary, oldest first."""
    out: list[int | None] = []
    cache: OrderedDict[int, int] = OrderedDict()
    capacity = 0
    for step in case["steps"]:
        method, args = step["method"], step["args"]
        result: int | None = None
        if method == "constructor":
            capacity = args[0]
        elif method == "get":
            result = cache.get(args[0], -1)
            if args[0] in cache:
                cache.move_to_end(args[0])
        else:
            cache[args[0]] = args[1]
            cache.move_to_end(args[0])
            if len(cache) > capacity:
                cache.popitem(last=False)
        out.append(result)
    return out


def brute(case: Case) -> list[int | None]:
    """A list of [key, value], least recently used first, searched from the start each time."""
    out: list[int | None] = []
    entries: list[list[int]] = []
    capacity = 0
    for step in case["steps"]:
        method, args = step["method"], step["args"]
        found = [k for k, entry in enumerate(entries) if entry[0] == args[0]]
        result: int | None = None
        if method == "constructor":
            capacity = args[0]
        elif method == "get":
            result = entries[found[0]][1] if found else -1
            if found:
                entries.append(entries.pop(found[0]))
        else:
            if found:
                entries.pop(found[0])
            elif len(entries) == capacity:
                entries.pop(0)
            entries.append([args[0], args[1]])
        out.append(result)
    return out
