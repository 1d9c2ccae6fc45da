"""Cases for is-graph-bipartite: isolated nodes, disconnected graphs whose second component is
the odd one, even and odd cycles, complete bipartite graphs, random graphs of up to 100 nodes."""

from __future__ import annotations

import itertools
import random
from collections import deque
from typing import Any

Case = dict[str, Any]
Adjacency = list[list[int]]
MAX_NODES = 100
EXHAUSTIVE_UP_TO = 14


def _graph(n: int, edges: set[tuple[int, int]], rng: random.Random) -> Adjacency:
    adjacency: Adjacency = [[] for _ in range(n)]
    for a, b in edges:
        adjacency[a].append(b)
        adjacency[b].append(a)
    for neighbours in adjacency:
        rng.shuffle(neighbours)
    return adjacency


def _edge(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def _random(rng: random.Random, n: int, m: int, bipartite: bool) -> Adjacency:
    """m random edges; when `bipartite`, only between the two halves of a random split."""
    side = [rng.randint(0, 1) for _ in range(n)]
    edges: set[tuple[int, int]] = set()
    for _ in range(m):
        a, b = rng.sample(range(n), 2)
        if not bipartite or side[a] != side[b]:
            edges.add(_edge(a, b))
    return _graph(n, edges, rng)


def _cycle(n: int, offset: int = 0) -> set[tuple[int, int]]:
    return {_edge(offset + k, offset + (k + 1) % n) for k in range(n)}


def cases(rng: random.Random) -> list[Case]:
    halves = {(a, b) for a in range(5) for b in range(5, 12)}
    graphs: list[tuple[str, Adjacency]] = [
        ("single", [[]]),
        ("isolated", [[], [], []]),
        ("even-cycle", _graph(6, _cycle(6), rng)),
        ("odd-cycle", _graph(5, _cycle(5), rng)),
        ("triangle-in-second-component", _graph(7, {(0, 1), (1, 2)} | _cycle(3, 4), rng)),
        ("complete-bipartite", _graph(12, halves, rng)),
        ("complete-bipartite-plus-one", _graph(12, halves | {(0, 1)}, rng)),
        ("large-bipartite", _random(rng, MAX_NODES, 600, True)),
        ("large-long-odd-cycle", _graph(MAX_NODES, _cycle(99), rng)),
        ("large-long-even-cycle", _graph(MAX_NODES, _cycle(MAX_NODES), rng)),
    ]
    for k in range(16):
        n = rng.randint(3, EXHAUSTIVE_UP_TO)
        graphs.append((f"random-{k}", _random(rng, n, rng.randint(n // 2, 2 * n), k % 2 == 0)))
    return [{"name": name, "args": [graph]} for name, graph in graphs]


def reference(case: Case) -> bool:
    """Two-colour each component breadth-first."""
    adjacency: Adjacency = case["args"][0]
    colour = [-1] * len(adjacency)
    for start in range(len(adjacency)):
        if colour[start] != -1:
            continue
        colour[start] = 0
        queue = deque([start])
        while queue:
            node = queue.popleft()
            for neighbour in adjacency[node]:
                if colour[neighbour] == colour[node]:
                    return False
                if colour[neighbour] == -1:
                    colour[neighbour] = 1 - colour[node]
                    queue.append(neighbour)
    return True


def _find(parent: list[int], node: int) -> int:
    while parent[node] != node:
        node = parent[node]
    return node


def brute(case: Case) -> bool:
    """Small graphs: try every 2-colouring. Larger: the neighbours of a node must all end up
    in one set (union-find) that never contains the node itself."""
    adjacency: Adjacency = case["args"][0]
    edges = [(a, b) for a, near in enumerate(adjacency) for b in near]
    if len(adjacency) <= EXHAUSTIVE_UP_TO:
        colourings = itertools.product((0, 1), repeat=len(adjacency))
        return any(all(c[a] != c[b] for a, b in edges) for c in colourings)
    parent = list(range(len(adjacency)))
    for near in adjacency:
        for neighbour in near:
            parent[_find(parent, neighbour)] = _find(parent, near[0])
    return all(_find(parent, a) != _find(parent, b) for a, b in edges)
