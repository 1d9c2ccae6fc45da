"""Cases for binary-tree-level-order-traversal: empty, one node, chains (one node a level),
a complete tree, random shapes of up to 2000 nodes."""

from __future__ import annotations

import random
from typing import Any

from library.helpers import trees as bt

Case = dict[str, Any]
MAX_VALUE = 1000

TREES = bt.Trees(MAX_VALUE)


def cases(rng: random.Random) -> list[Case]:
    out: list[Case] = [
        {"name": "empty", "args": [[]]},
        {"name": "single", "args": [[-7]]},
        {"name": "zigzag-chain", "args": [TREES.chain(50, "Z")]},
        {"name": "right-chain", "args": [TREES.chain(20, "R")]},
        {"name": "complete", "args": [list(range(1, 256))]},
        {"name": "same-values", "args": [[5] * 31]},
        {"name": "large", "args": [TREES.random(rng, 2000)]},
    ]
    for k in range(10):
        out.append({"name": f"random-{k}", "args": [TREES.random(rng, rng.randint(2, 30))]})
    return out


def reference(case: Case) -> list[list[int]]:
    """Breadth-first, one queue generation per level."""
    vals, left, right = bt.parse(case["args"][0])
    levels: list[list[int]] = []
    current = [0] if vals else []
    while current:
        levels.append([vals[node] for node in current])
        current = [c for node in current for c in (left[node], right[node]) if c != -1]
    return levels


def brute(case: Case) -> list[list[int]]:
    """A node's level is its path's length; within a level, paths sort left to right
    ("L" < "R")."""
    paths = bt.paths(case["args"][0])
    depth = max((len(p) for p in paths), default=-1)
    return [[paths[p] for p in sorted(p for p in paths if len(p) == d)] for d in range(depth + 1)]
