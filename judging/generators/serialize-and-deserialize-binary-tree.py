"""Cases for serialize-and-deserialize-binary-tree: empty, one node, negative and repeated
values, chains, a complete tree and random shapes up to LeetCode's 10^4 nodes."""

from __future__ import annotations

import random
from collections import deque
from typing import Any

Case = dict[str, Any]
Level = list[int | None]
MAX_VALUE = 1000


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
    """A codec of its own: each node written as path=value, read back into a tree."""
    text = ",".join(f"{p}={v}" for p, v in _paths(case["data"]).items())
    entries = (item.split("=") for item in text.split(",") if item)
    return _from_paths({path: int(value) for path, value in entries})
