"""JSON values <-> Python values, per type of the vocabulary (docs/functions.md).

`load(type, json)` builds the argument a solution receives, with the harness's node classes.
`dump(type, value)` turns what a solution returns into JSON by duck typing (`val`, `next`,
`left`, `right`, `neighbors`, `random`), so nodes of a solution's own classes serialise too.
A returned value that cannot be read as its type (a cycle in a list, a tree sharing a node, a set
where a list was due...) becomes `{"invalid": why}`: it equals no expected value, so the case
fails as a wrong answer instead of crashing the harness.
"""

from __future__ import annotations

import itertools
import math
from _collections_abc import Sequence  # what collections.abc is made of, loaded at start-up

from nodes import GraphNode, ListNode, RandomNode, TreeNode

# The C types behind functools.partial and collections.deque: importing those two packages
# cost every run about 1.8 ms of start-up, a third of the harness's own (docs/functions.md).
try:
    from _collections import deque
    from _functools import partial
except ImportError:  # another Python than CPython
    from collections import deque
    from functools import partial

# Only for annotations: typing costs every run milliseconds to import (docs/functions.md).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import Any

NODE_LINKS = ("next", "left", "right", "neighbors", "random")
_PRIMITIVES = (int, float, str, bool, type(None))


class Invalid(Exception):
    """A returned value that is not a value of its declared type."""


def split(type_name: str) -> tuple[str, int]:
    """`int[][]` -> ("int", 2)."""
    base, depth = type_name, 0
    while base.endswith("[]"):
        base, depth = base[:-2], depth + 1
    return base, depth


def node_classes(type_names: list[str]) -> set[str]:
    """Which structure bases the given types use (decides which `Node` a solution gets)."""
    return {split(name)[0] for name in type_names}


# --- JSON -> Python ---------------------------------------------------------------------


def load(type_name: str, value: Any) -> Any:
    """The argument built from `value`, which the caller gives up: ints, strings, bools and
    arrays of them are already what the solution receives, so they are handed over as they are
    (copying 10^5 numbers one by one costs more than many solutions' own work)."""
    base, depth = split(type_name)
    if base not in _LOADERS:
        return value
    return _load(base, depth, value)


def loader(type_name: str) -> Callable[[Any], Any]:
    """`load` for one type, worked out once for every case of a run."""
    base, depth = split(type_name)
    if base not in _LOADERS:
        return as_is
    return partial(_load, base, depth)


def load_copy(type_name: str, value: Any) -> Any:
    """The argument built from `value` into new lists: `value` stays as it was, whatever the
    solution does to the argument."""
    base, depth = split(type_name)
    return _load(base, depth, value)


def _load(base: str, depth: int, value: Any) -> Any:
    if depth:
        return [_load(base, depth - 1, item) for item in value]
    return _LOADERS.get(base, as_is)(value)


def as_is(value: Any) -> Any:
    return value


def _float(value: Any) -> float:
    return float(value)


def _list(values: list[Any]) -> ListNode | None:
    head: ListNode | None = None
    for val in reversed(values):
        head = ListNode(val, head)
    return head


def _cycle(value: dict[str, Any]) -> ListNode | None:
    nodes = [ListNode(val) for val in value["values"]]
    for a, b in itertools.pairwise(nodes):
        a.next = b
    if nodes and value["pos"] >= 0:
        nodes[-1].next = nodes[value["pos"]]
    return nodes[0] if nodes else None


def _tree(values: list[Any]) -> TreeNode | None:
    if not values:
        return None
    root = TreeNode(values[0])
    parents, k = deque([root]), 1
    while k < len(values):
        parent = parents.popleft()
        for side in ("left", "right"):
            if k < len(values) and values[k] is not None:
                child = TreeNode(values[k])
                setattr(parent, side, child)
                parents.append(child)
            k += 1
    return root


def _graph(adjacency: list[list[int]]) -> list[list[int]]:
    return [list(neighbours) for neighbours in adjacency]


def _graph_node(adjacency: list[list[int]]) -> GraphNode | None:
    nodes = [GraphNode(i + 1) for i in range(len(adjacency))]
    for node, neighbours in zip(nodes, adjacency, strict=True):
        node.neighbors = [nodes[v - 1] for v in neighbours]
    return nodes[0] if nodes else None


def _random_list(pairs: list[list[Any]]) -> RandomNode | None:
    nodes = [RandomNode(val) for val, _ in pairs]
    for k, (node, (_, random)) in enumerate(zip(nodes, pairs, strict=True)):
        node.next = nodes[k + 1] if k + 1 < len(nodes) else None
        node.random = nodes[random] if random is not None else None
    return nodes[0] if nodes else None


_LOADERS: dict[str, Callable[[Any], Any]] = {
    "float": _float,
    "ListNode": _list,
    "ListNodeCycle": _cycle,
    "TreeNode": _tree,
    "Graph": _graph,
    "GraphNode": _graph_node,
    "ListNodeRandom": _random_list,
}


# --- Python -> JSON ---------------------------------------------------------------------


def dump(type_name: str, value: Any) -> Any:
    """The JSON form of `value` as a `type_name`; {"invalid": why} when it is not one."""
    base, depth = split(type_name)
    return _dump_checked(base, depth, value)


def dumper(type_name: str) -> Callable[[Any], Any]:
    """`dump` for one type, worked out once for every case of a run."""
    base, depth = split(type_name)
    if depth == 0 and base != "void" and base not in _DUMPERS:
        return partial(_dump_plain, base)
    return partial(_dump_checked, base, depth)


_AS_THEY_ARE = frozenset({int, str, bool, type(None)})


def _dump_plain(base: str, value: Any) -> Any:
    """A scalar result: the usual types are JSON as they are (one call per case, not four)."""
    if type(value) in _AS_THEY_ARE:
        return value
    return _dump_checked(base, 0, value)


def _dump_checked(base: str, depth: int, value: Any) -> Any:
    try:
        return _dump(base, depth, value)
    except Invalid as error:
        return {"invalid": str(error)}
    except (AttributeError, TypeError, ValueError, RecursionError) as error:
        return {"invalid": f"{type(error).__name__}: {error}"[:500]}


def _dump(base: str, depth: int, value: Any) -> Any:
    if base == "void":
        return None
    if depth:
        if not _is_sequence(value):
            raise Invalid(f"expected a list, got {type(value).__name__}")
        return [_dump(base, depth - 1, item) for item in value]
    return _DUMPERS.get(base, _json)(value)


def _json(value: Any) -> Any:
    """A plain value as it is, if it is JSON (lists and tuples of such, recursively)."""
    if isinstance(value, float):
        return _finite(value)
    if isinstance(value, _PRIMITIVES):
        return value
    if _is_sequence(value):
        return [_json(item) for item in value]
    raise Invalid(f"a {type(value).__name__} is not a JSON value")


def _is_sequence(value: Any) -> bool:
    """A list, tuple, deque, range...: what LeetCode accepts for an array (a set is not)."""
    return isinstance(value, Sequence) and not isinstance(value, str | bytes | bytearray)


def _finite(value: float) -> Any:
    # JSON has no NaN or infinity; a string equals no expected number, so the case fails.
    return value if math.isfinite(value) else str(value)


def _dump_float(value: Any) -> Any:
    if type(value) is float:
        return _finite(value)
    import decimal  # only now: these two cost every run milliseconds to import
    import numbers

    # Fractions and Decimals are numbers too; a bool is not.
    if isinstance(value, numbers.Real | decimal.Decimal) and not isinstance(value, bool):
        return _finite(float(value))
    return _json(value)


def _chain(head: Any) -> Iterator[Any]:
    """The nodes of a singly linked list; Invalid if it loops."""
    seen: set[int] = set()
    node = head
    while node is not None:
        if id(node) in seen:
            raise Invalid("the returned list has a cycle")
        seen.add(id(node))
        yield node
        node = node.next


def _dump_list(head: Any) -> list[Any]:
    return [_json(node.val) for node in _chain(head)]


def _dump_tree(root: Any) -> list[Any]:
    out: list[Any] = []
    seen: set[int] = set()
    queue: deque[Any] = deque([root])
    while queue:
        node = queue.popleft()
        if node is None:
            out.append(None)
            continue
        if id(node) in seen:
            raise Invalid("the returned tree reaches a node twice")
        seen.add(id(node))
        out.append(_json(node.val))
        queue.extend((node.left, node.right))
    while out and out[-1] is None:
        out.pop()
    return out


def _dump_graph_node(start: Any) -> list[list[Any]]:
    """Every node reachable from `start`, numbered by val, neighbour lists sorted."""
    if start is None:
        return []
    by_val: dict[Any, Any] = {}
    seen, queue = {id(start)}, deque([start])
    while queue:
        node = queue.popleft()
        if by_val.setdefault(node.val, node) is not node:
            raise Invalid(f"the returned graph has two nodes with val {node.val!r}")
        for neighbour in node.neighbors:
            if id(neighbour) not in seen:
                seen.add(id(neighbour))
                queue.append(neighbour)
    if set(by_val) != set(range(1, len(by_val) + 1)):
        raise Invalid("the returned graph's vals are not 1..n")
    return [sorted(_json(n.val) for n in by_val[v].neighbors) for v in range(1, len(by_val) + 1)]


def _dump_random_list(head: Any) -> list[list[Any]]:
    nodes = list(_chain(head))
    index = {id(node): k for k, node in enumerate(nodes)}
    out = []
    for node in nodes:
        random = node.random
        if random is not None and id(random) not in index:
            raise Invalid("a random pointer leads outside the returned list")
        out.append([_json(node.val), None if random is None else index[id(random)]])
    return out


_DUMPERS: dict[str, Callable[[Any], Any]] = {
    "float": _dump_float,
    "ListNode": _dump_list,
    "TreeNode": _dump_tree,
    "GraphNode": _dump_graph_node,
    "ListNodeRandom": _dump_random_list,
}


# --- identity, for mustCopy -------------------------------------------------------------


class Reachable:
    """Every list and node reachable from a value, held alive so that their ids stay unique."""

    def __init__(self, value: Any) -> None:
        self.objects: list[Any] = []
        self.ids: set[int] = set()
        for obj in walk(value):
            self.objects.append(obj)
            self.ids.add(id(obj))

    def shares_with(self, value: Any) -> bool:
        return any(id(obj) in self.ids for obj in walk(value))


def walk(value: Any) -> Iterator[Any]:
    """Every non-primitive object reachable from `value` through lists, tuples and node links,
    each once (cycles are fine)."""
    seen: set[int] = set()
    stack = [value]
    while stack:
        obj = stack.pop()
        if isinstance(obj, _PRIMITIVES) or id(obj) in seen:
            continue
        seen.add(id(obj))
        yield obj
        if isinstance(obj, list | tuple):
            stack.extend(obj)
            continue
        for link in NODE_LINKS:
            target = getattr(obj, link, None)
            if target is not None:
                stack.append(target)
