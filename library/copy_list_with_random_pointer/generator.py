"""Cases for copy-list-with-random-pointer: no list, self-pointing randoms, all-null randoms,
repeated values (a copy keyed by value breaks), 1000 nodes."""

from __future__ import annotations

import random
from typing import Any

Case = dict[str, Any]
MAX_NODES = 1000
MAX_VALUE = 10_000


class _Node:
    def __init__(self, val: int) -> None:
        self.val = val
        self.next: _Node | None = None
        self.random: _Node | None = None


def _random_list(rng: random.Random, n: int, values: range) -> list[list[int | None]]:
    return [[rng.choice(values), rng.choice((None, rng.randrange(n)))] for _ in range(n)]


def cases(rng: random.Random) -> list[Case]:
    wide = range(-MAX_VALUE, MAX_VALUE + 1)
    out: list[Case] = [
        {"name": "empty", "args": [[]]},
        {"name": "single-self-random", "args": [[[5, 0]]]},
        {"name": "single-null-random", "args": [[[5, None]]]},
        {"name": "all-null-randoms", "args": [[[k, None] for k in range(10)]]},
        {"name": "all-point-to-last", "args": [[[k, 9] for k in range(10)]]},
        {"name": "same-values", "args": [_random_list(rng, 30, range(1, 2))]},
        {"name": "longest", "args": [_random_list(rng, MAX_NODES, wide)]},
    ]
    for k in range(8):
        n = rng.randint(1, 40)
        out.append({"name": f"random-{k}", "args": [_random_list(rng, n, range(-3, 4))]})
    return out


def _build(pairs: list[list[Any]]) -> _Node | None:
    nodes = [_Node(val) for val, _ in pairs]
    for k, (_, target) in enumerate(pairs):
        nodes[k].next = nodes[k + 1] if k + 1 < len(nodes) else None
        nodes[k].random = nodes[target] if target is not None else None
    return nodes[0] if nodes else None


def _copy(head: _Node | None) -> _Node | None:
    """The interleaving algorithm: each copy right after its original, then split."""
    node = head
    while node:
        twin = _Node(node.val)
        twin.next, node.next, node = node.next, twin, node.next
    node = head
    while node and node.next:
        node.next.random = node.random.next if node.random else None
        node = node.next.next
    copy_head = head.next if head else None
    node = head
    while node and node.next:
        twin = node.next
        node.next = twin.next
        twin.next = twin.next.next if twin.next else None
        node = node.next
    return copy_head


def _serialise(head: _Node | None) -> list[list[int | None]]:
    order: list[_Node] = []
    node = head
    while node:
        order.append(node)
        node = node.next
    index = {id(item): k for k, item in enumerate(order)}
    return [[item.val, index[id(item.random)] if item.random else None] for item in order]


def reference(case: Case) -> list[list[int | None]]:
    return _serialise(_copy(_build(case["args"][0])))


def brute(case: Case) -> list[list[int | None]]:
    """A deep copy has the same values and the same random indices as the original."""
    return [list(pair) for pair in case["args"][0]]
