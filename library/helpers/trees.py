"""Binary trees for the generators, in LeetCode's level-order form with null holes: random
shapes, chains, and the parsing and path-numbering the brute-force oracles use. Shared by the
tree problems' generators (the builder hashes this file into their sourceHash)."""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass

Level = list[int | None]


def shape(rng: random.Random, n: int) -> tuple[list[int], list[int]]:
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


def level_order(vals: list[int], left: list[int], right: list[int]) -> Level:
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


def random_tree(rng: random.Random, n: int, max_value: int) -> Level:
    left, right = shape(rng, n)
    return level_order([rng.randint(-max_value, max_value) for _ in range(n)], left, right)


def chain(n: int, side: str, max_value: int) -> Level:
    """A path of n nodes going always left ("L"), always right ("R") or zigzag ("Z")."""
    out: Level = [1] if n else []
    for k in range(1, n):
        goes_left = side == "L" or (side == "Z" and k % 2 == 1)
        value = k % max_value + 1
        out += [value, None] if goes_left else [None, value]
    while out and out[-1] is None:
        out.pop()
    return out


@dataclass(frozen=True)
class Trees:
    """Random trees and chains whose values stay within a problem's bound."""

    max_value: int

    def random(self, rng: random.Random, n: int) -> Level:
        return random_tree(rng, n, self.max_value)

    def chain(self, n: int, side: str) -> Level:
        return chain(n, side, self.max_value)


def parse(level: Level) -> tuple[list[int], list[int], list[int]]:
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


def paths(level: Level) -> dict[str, int]:
    """Each node's value keyed by its path from the root: "" is the root, then L/R steps."""
    if not level or level[0] is None:
        return {}
    found = {"": level[0]}
    slots = deque(["L", "R"])
    for value in level[1:]:
        path = slots.popleft()
        if value is not None:
            found[path] = value
            slots += (path + "L", path + "R")
    return found


def from_paths(paths: dict[str, int]) -> Level:
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
