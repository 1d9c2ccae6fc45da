"""Cases for invert-binary-tree: empty, one node, one-sided chains, random shapes of up to 1000
nodes (beyond LeetCode's 100, still small)."""

from __future__ import annotations

import random
from collections import deque
from typing import Any

Case = dict[str, Any]
Level = list[int | None]
MAX_VALUE = 100


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
        {"name": "single", "args": [[42]]},
        {"name": "left-chain", "args": [_chain(30, "L")]},
        {"name": "right-chain", "args": [_chain(30, "R")]},
        {"name": "zigzag", "args": [_chain(1000, "Z")]},
        {"name": "complete", "args": [[k % MAX_VALUE for k in range(127)]]},
        {"name": "large", "args": [_random_tree(rng, 1000)]},
    ]
    for k in range(10):
        out.append({"name": f"random-{k}", "args": [_random_tree(rng, rng.randint(2, 25))]})
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


def reference(case: Case) -> Level:
    """Swap the children of every node."""
    vals, left, right = _parse(case["args"][0])
    return _level_order(vals, right, left)


def _paths(level: Level) -> dict[str, int]:
    """Each node's value keyed by its path from the root: "" is the root, then L/R steps."""
    if not level or level[0] is None:
        return {}
    paths = {"": level[0]}
    slots = deque(["L", "R"])
    for value in level[1:]:
        path = slots.popleft()
        if value is not None:
            paths[path] = value
            slots += (path + "L", path + "R")
    return paths


def _from_paths(paths: dict[str, int]) -> Level:
    out: Level = []
    queue = deque([""] if "" in paths else [])
    while queue:
        path = queue.popleft()
        out.append(paths.get(path))
        if path in paths:
            queue += (path + "L", path + "R")
    while out and out[-1] is None:
        out.pop()
    return out


def brute(case: Case) -> Level:
    """The mirror image: every L in a node's path becomes R and the other way round."""
    mirror = str.maketrans("LR", "RL")
    return _from_paths({p.translate(mirror): v for p, v in _paths(case["args"][0]).items()})
