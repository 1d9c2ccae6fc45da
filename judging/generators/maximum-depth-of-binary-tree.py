"""Cases for maximum-depth-of-binary-tree: empty, one node, random shapes, and two degenerate
trees (10^5 and 3 * 10^4 levels deep) that a recursive solution only survives with the
harness's deep recursion."""

from __future__ import annotations

import random
from collections import deque
from typing import Any

Case = dict[str, Any]
Level = list[int | None]
MAX_VALUE = 100
DEEP = 100_000


def _shape(rng: random.Random, n: int) -> tuple[list[int], list[int]]:
    """Children (-1: none) of nodes 0..n-1, root 0; each node takes a random free slot."""
    left, right = [-1] * n, [-1] * n
    free = [(0, side) for side in (left, right)] if n else []
    for node in range(1, n):
        k = rng.randrange(len(free))
        free[k], free[-1] = free[-1], free[k]
        parent, side = free.pop()
        side[parent] = node
        free += [(node, left), (node, right)]
    return left, right


def _level_order(vals: list[int], left: list[int], right: list[int]) -> Level:
    out: Level = []
    queue = deque([0] if vals else [])
    while queue:
        node = queue.popleft()
        out.append(None if node == -1 else vals[node])
        if node != -1:
            queue += (left[node], right[node])
    while out and out[-1] is None:
        out.pop()
    return out


def _random_tree(rng: random.Random, n: int) -> Level:
    left, right = _shape(rng, n)
    return _level_order([rng.randint(-MAX_VALUE, MAX_VALUE) for _ in range(n)], left, right)


def _chain(n: int, side: str) -> Level:
    """A path of n nodes going always left ("L"), always right ("R") or zigzag ("Z")."""
    out: Level = [1] if n else []
    for k in range(1, n):
        goes_left = side == "L" or (side == "Z" and k % 2 == 1)
        value = k % MAX_VALUE + 1
        out += [value, None] if goes_left else [None, value]
    while out and out[-1] is None:
        out.pop()
    return out


def cases(rng: random.Random) -> list[Case]:
    out: list[Case] = [
        {"name": "empty", "args": [[]]},
        {"name": "single", "args": [[0]]},
        {"name": "complete", "args": [[k % MAX_VALUE for k in range(1023)]]},
        {"name": "random-large", "args": [_random_tree(rng, 10_000)]},
        {"name": "deep-left-chain", "args": [_chain(DEEP, "L")]},
        {"name": "deep-zigzag", "args": [_chain(30_000, "Z")]},
    ]
    for k in range(10):
        out.append({"name": f"random-{k}", "args": [_random_tree(rng, rng.randint(2, 40))]})
    return out


def _parse(level: Level) -> tuple[list[int], list[int], list[int]]:
    """Values and children (-1: none) of the nodes, numbered in level order: node k's children
    are the k-th pair of entries after the root."""
    vals: list[int] = []
    left: list[int] = []
    right: list[int] = []

    def add(value: int) -> int:
        vals.append(value)
        left.append(-1)
        right.append(-1)
        return len(vals) - 1

    if level and level[0] is not None:
        add(level[0])
    for pos in range(1, len(level)):
        value = level[pos]
        if value is not None:
            (left if pos % 2 else right)[(pos - 1) // 2] = add(value)
    return vals, left, right


def reference(case: Case) -> int:
    """Depth-first with an explicit stack of (node, depth)."""
    _, left, right = _parse(case["args"][0])
    stack = [(0, 1)] if left else []
    deepest = 0
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        stack += [(child, depth + 1) for child in (left[node], right[node]) if child != -1]
    return deepest


def brute(case: Case) -> int:
    """Read the level order once, giving each node its parent's depth plus one."""
    level: Level = case["args"][0]
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
