"""Cases for invert-binary-tree: empty, one node, one-sided chains, random shapes of up to 1000
nodes (beyond LeetCode's 100, still small)."""

from __future__ import annotations

import random
from typing import Any

from library.helpers import trees as bt

Case = dict[str, Any]
MAX_VALUE = 100

TREES = bt.Trees(MAX_VALUE)


def cases(rng: random.Random) -> list[Case]:
    out: list[Case] = [
        {"name": "empty", "args": [[]]},
        {"name": "single", "args": [[42]]},
        {"name": "left-chain", "args": [TREES.chain(30, "L")]},
        {"name": "right-chain", "args": [TREES.chain(30, "R")]},
        {"name": "zigzag", "args": [TREES.chain(1000, "Z")]},
        {"name": "complete", "args": [[k % MAX_VALUE for k in range(127)]]},
        {"name": "large", "args": [TREES.random(rng, 1000)]},
    ]
    for k in range(10):
        out.append({"name": f"random-{k}", "args": [TREES.random(rng, rng.randint(2, 25))]})
    return out


def reference(case: Case) -> bt.Level:
    """Swap the children of every node."""
    vals, left, right = bt.parse(case["args"][0])
    return bt.level_order(vals, right, left)


def brute(case: Case) -> bt.Level:
    """The mirror image: every L in a node's path becomes R and the other way round."""
    mirror = str.maketrans("LR", "RL")
    return bt.from_paths({p.translate(mirror): v for p, v in bt.paths(case["args"][0]).items()})
