"""Cases for maximum-depth-of-binary-tree: empty, one node, random shapes, and two degenerate
trees (10^5 and 3 * 10^4 levels deep) that a recursive solution only survives with the
harness's deep recursion."""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from library.helpers import trees as bt

Case = dict[str, Any]
MAX_VALUE = 100
DEEP = 100_000

TREES = bt.Trees(MAX_VALUE)


def cases(rng: random.Random) -> list[Case]:
    out: list[Case] = [
        {"name": "empty", "args": [[]]},
        {"name": "single", "args": [[0]]},
        {"name": "complete", "args": [[k % MAX_VALUE for k in range(1023)]]},
        {"name": "random-large", "args": [TREES.random(rng, 10_000)]},
        {"name": "deep-left-chain", "args": [TREES.chain(DEEP, "L")]},
        {"name": "deep-zigzag", "args": [TREES.chain(30_000, "Z")]},
    ]
    for k in range(10):
        out.append({"name": f"random-{k}", "args": [TREES.random(rng, rng.randint(2, 40))]})
    return out


def reference(case: Case) -> int:
    """Depth-first with an explicit stack of (node, depth)."""
    _, left, right = bt.parse(case["args"][0])
    stack = [(0, 1)] if left else []
    deepest = 0
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        stack += [(child, depth + 1) for child in (left[node], right[node]) if child != -1]
    return deepest


def brute(case: Case) -> int:
    """Read the level order once, giving each node its parent's depth plus one."""
    level: bt.Level = case["args"][0]
    if not level:
        return 0
    slots = deque([2, 2])  # the depths a child takes in the slots still open
    deepest = 1
    for value in level[1:]:
        depth = slots.popleft()
        if value is not None:
            deepest = max(deepest, depth)
            slots += (depth + 1, depth + 1)
    return deepest
