"""Cases for linked-list-cycle: no list, self-loops, cycles through the head, long tails."""

from __future__ import annotations

import random
from typing import Any

Case = dict[str, Any]
MAX_NODES = 10_000
MAX_VALUE = 100_000


def _cycle(rng: random.Random, n: int, pos: int) -> Case:
    values = [rng.randint(-MAX_VALUE, MAX_VALUE) for _ in range(n)]
    return {"values": values, "pos": pos}


def cases(rng: random.Random) -> list[Case]:
    shapes = [
        ("empty", 0, -1),
        ("single", 1, -1),
        ("single-self-loop", 1, 0),
        ("two-back-to-head", 2, 0),
        ("two-no-cycle", 2, -1),
        ("tail-self-loop", 50, 49),
        ("long-no-cycle", MAX_NODES, -1),
        ("long-back-to-head", MAX_NODES, 0),
        ("long-tail-loop", MAX_NODES, MAX_NODES - 1),
    ]
    out = [{"name": name, "args": [_cycle(rng, n, pos)]} for name, n, pos in shapes]
    for k in range(8):
        n = rng.randint(1, 200)
        pos = rng.choice((-1, rng.randrange(n)))
        out.append({"name": f"random-{k}", "args": [_cycle(rng, n, pos)]})
    return out


def _following(n: int, pos: int) -> list[int]:
    """The index each node's next points to (-1 for null)."""
    following = [k + 1 for k in range(n)]
    if n:
        following[-1] = pos
    return following


def reference(case: Case) -> bool:
    """Floyd's tortoise and hare over the indices."""
    arg = case["args"][0]
    following = _following(len(arg["values"]), arg["pos"])
    slow = fast = 0 if following else -1
    while fast != -1 and following[fast] != -1:
        slow, fast = following[slow], following[following[fast]]
        if slow == fast:
            return True
    return False


def brute(case: Case) -> bool:
    """Walk, remembering every node seen."""
    arg = case["args"][0]
    following = _following(len(arg["values"]), arg["pos"])
    seen: set[int] = set()
    node = 0 if following else -1
    while node != -1:
        if node in seen:
            return True
        seen.add(node)
        node = following[node]
    return False
