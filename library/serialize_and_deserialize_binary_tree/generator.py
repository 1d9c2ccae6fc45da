"""Cases for serialize-and-deserialize-binary-tree: empty, one node, negative and repeated
values, chains, a complete tree and random shapes up to LeetCode's 10^4 nodes."""

from __future__ import annotations

import random
from typing import Any

from library.helpers import trees as bt

Case = dict[str, Any]
Level = list[int | None]
MAX_VALUE = 1000


def _random_tree(rng: random.Random, n: int) -> Level:
    return bt.random_tree(rng, n, MAX_VALUE)


def _chain(n: int, side: str) -> Level:
    return bt.chain(n, side, MAX_VALUE)


def cases(rng: random.Random) -> list[Case]:
    trees: list[tuple[str, Level]] = [
        ("empty", []),
        ("single-negative", [-1000]),
        ("zero-values", [0, 0, 0, None, 0]),
        ("left-chain", _chain(2000, "L")),
        ("zigzag-chain", _chain(2000, "Z")),
        ("complete", list(range(-511, 512))),
        ("largest", _random_tree(rng, 10_000)),
    ]
    for k in range(12):
        trees.append((f"random-{k}", _random_tree(rng, rng.randint(2, 40))))
    return [{"name": name, "data": tree} for name, tree in trees]


def reference(case: Case) -> Level:
    """A tree comes back as it went in (the data is already in its canonical form)."""
    return list(case["data"])


def brute(case: Case) -> Level:
    """A codec of its own: each node written as path=value, read back into a tree."""
    text = ",".join(f"{p}={v}" for p, v in bt.paths(case["data"]).items())
    entries = (item.split("=") for item in text.split(",") if item)
    return bt.from_paths({path: int(value) for path, value in entries})
