"""Cases for validate-binary-search-tree: valid trees over the whole 32-bit range (so sentinel
bounds like INT_MIN fail), trees with two values swapped, equal values (not allowed), and
violations deep below an ancestor that the parent check alone misses."""

from __future__ import annotations

import itertools
import random
from typing import Any

from library.helpers import trees as bt

Case = dict[str, Any]
Level = list[int | None]
INT_MIN, INT_MAX = -(2**31), 2**31 - 1


def _inorder(left: list[int], right: list[int]) -> list[int]:
    order: list[int] = []
    stack: list[int] = []
    node = 0 if left else -1
    while stack or node != -1:
        while node != -1:
            stack.append(node)
            node = left[node]
        node = stack.pop()
        order.append(node)
        node = right[node]
    return order


def _bst(rng: random.Random, n: int, mutate: str = "") -> Level:
    """A random BST of n distinct values; "swap" exchanges two values, "equal" copies a value
    onto its in-order neighbour: both break it."""
    left, right = bt.shape(rng, n)
    values = sorted(rng.sample(range(INT_MIN, INT_MAX + 1), n))
    if n >= 2 and mutate == "swap":
        i, j = rng.sample(range(n), 2)
        values[i], values[j] = values[j], values[i]
    if n >= 2 and mutate == "equal":
        k = rng.randrange(n - 1)
        values[k] = values[k + 1]
    vals = [0] * n
    for node, value in zip(_inorder(left, right), values, strict=True):
        vals[node] = value
    return bt.level_order(vals, left, right)


def cases(rng: random.Random) -> list[Case]:
    trees: list[tuple[str, Level]] = [
        ("empty", []),
        ("single-int-max", [INT_MAX]),
        ("single-int-min", [INT_MIN]),
        ("int-min-and-max", [INT_MIN, None, INT_MAX]),
        ("int-max-equal-left", [INT_MAX, INT_MAX]),
        ("int-min-equal-right", [INT_MIN, None, INT_MIN]),
        ("deep-violation-left", [10, 5, 15, None, None, 6, 20]),
        ("deep-violation-right", [10, 5, 15, 2, 11]),
        ("equal-siblings", [2, 2, 2]),
        ("large-valid", _bst(rng, 3000)),
        ("large-swapped", _bst(rng, 3000, "swap")),
    ]
    for k in range(15):
        mutate = ("", "swap", "equal")[k % 3]
        trees.append((f"random-{k}", _bst(rng, rng.randint(1, 30), mutate)))
    return [{"name": name, "args": [tree]} for name, tree in trees]


def reference(case: Case) -> bool:
    """In-order values must be strictly increasing."""
    vals, left, right = bt.parse(case["args"][0])
    order = [vals[node] for node in _inorder(left, right)]
    return all(a < b for a, b in itertools.pairwise(order))


def brute(case: Case) -> bool:
    """Every node against every ancestor: smaller below its left side, larger below its right."""
    paths = bt.paths(case["args"][0])
    for path, value in paths.items():
        for cut in range(len(path)):
            ancestor = paths[path[:cut]]
            if path[cut] == "L" and not value < ancestor:
                return False
            if path[cut] == "R" and not value > ancestor:
                return False
    return True
