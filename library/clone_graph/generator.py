"""Cases for clone-graph: no node, one node, two nodes, a path, a cycle, a complete graph and
random connected graphs of up to 100 nodes, their neighbour lists in random order."""

from __future__ import annotations

import random
from collections import deque
from typing import Any

Case = dict[str, Any]
Adjacency = list[list[int]]
MAX_NODES = 100


class _Node:
    def __init__(self, val: int) -> None:
        self.val = val
        self.neighbors: list[_Node] = []


def _from_edges(n: int, edges: set[tuple[int, int]], rng: random.Random) -> Adjacency:
    adjacency: Adjacency = [[] for _ in range(n)]
    for a, b in edges:
        adjacency[a - 1].append(b)
        adjacency[b - 1].append(a)
    for neighbours in adjacency:
        rng.shuffle(neighbours)
    return adjacency


def _connected(rng: random.Random, n: int, extra: int) -> Adjacency:
    """A random spanning tree on 1..n plus up to `extra` more edges (no loops, no repeats)."""
    edges = {(rng.randint(1, k - 1), k) for k in range(2, n + 1)}
    for _ in range(extra):
        a, b = rng.sample(range(1, n + 1), 2) if n >= 2 else (1, 1)
        if a != b:
            edges.add((min(a, b), max(a, b)))
    return _from_edges(n, edges, rng)


def cases(rng: random.Random) -> list[Case]:
    n = MAX_NODES
    graphs: list[tuple[str, Adjacency]] = [
        ("empty", []),
        ("single", [[]]),
        ("two", [[2], [1]]),
        ("path", _from_edges(6, {(k, k + 1) for k in range(1, 6)}, rng)),
        ("cycle", _from_edges(8, {(k, k % 8 + 1) for k in range(1, 8)} | {(1, 8)}, rng)),
        (
            "complete",
            _from_edges(20, {(a, b) for a in range(1, 21) for b in range(a + 1, 21)}, rng),
        ),
        ("star", _from_edges(n, {(1, k) for k in range(2, n + 1)}, rng)),
        ("largest", _connected(rng, n, 400)),
    ]
    for k in range(10):
        size = rng.randint(2, 30)
        graphs.append((f"random-{k}", _connected(rng, size, rng.randint(0, 2 * size))))
    return [{"name": name, "args": [graph]} for name, graph in graphs]


def _build(adjacency: Adjacency) -> _Node | None:
    nodes = [_Node(k + 1) for k in range(len(adjacency))]
    for node, neighbours in zip(nodes, adjacency, strict=True):
        node.neighbors = [nodes[v - 1] for v in neighbours]
    return nodes[0] if nodes else None


def _clone(start: _Node | None) -> _Node | None:
    """Breadth-first, with a map from each original to its copy."""
    if start is None:
        return None
    copies = {id(start): _Node(start.val)}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for neighbour in node.neighbors:
            if id(neighbour) not in copies:
                copies[id(neighbour)] = _Node(neighbour.val)
                queue.append(neighbour)
            copies[id(node)].neighbors.append(copies[id(neighbour)])
    return copies[id(start)]


def _serialise(start: _Node | None) -> Adjacency:
    """Walk from the node, number by val, sort each neighbour list (as the harnesses do)."""
    found: dict[int, _Node] = {}
    stack = [start] if start else []
    while stack:
        node = stack.pop()
        if node.val not in found:
            found[node.val] = node
            stack += node.neighbors
    return [sorted(v.val for v in found[k].neighbors) for k in range(1, len(found) + 1)]


def reference(case: Case) -> Adjacency:
    return _serialise(_clone(_build(case["args"][0])))


def brute(case: Case) -> Adjacency:
    """A copy has the same adjacency; only the order of each list is free."""
    return [sorted(neighbours) for neighbours in case["args"][0]]
