"""Cases for serialize-and-deserialize-binary-tree: empty, one node, negative and repeated
values, chains, a complete tree and random shapes up to LeetCode's 10^4 nodes."""

from __future__ import annotations

import random
from typing import Any

from library.helpers import trees as bt

Case = dict[str, Any]
MAX_VALUE = 1000

TREES = bt.Trees(MAX_VALUE)


def cases(rng: random.Random) -> list[Case]:
    trees: list[tuple[str, bt.Level]] = [
        ("empty", []),
        ("single-negative", [-1000]),
        ("zero-values", [0, 0, 0, None, 0]),
        ("left-chain", TREES.chain(2000, "L")),
        ("zigzag-chain", TREES.chain(2000, "Z")),
        ("complete", list(range(-511, 512))),
        ("largest", TREES.random(rng, 10_000)),
    ]
    for k in range(12):
        trees.append((f"random-{k}", TREES.random(rng, rng.randint(2, 40))))
    return [{"name": name, "data": tree} for name, tree in trees]


def reference(case: Case) -> bt.Level:
    """A tree comes back as it went in (the data is already in its canonical form)."""
    return list(case["data"])


def brute(case: Case) -> bt.Level:
    """A codec of its own: each node written as path=value, read back into a tree."""
    text = ",".join(f"{p}={v}" for p, v in bt.paths(case["data"]).items())
    entries = (item.split("=") for item in text.split(",") if item)
    return bt.from_paths({path: int(value) for path, value in entries})
