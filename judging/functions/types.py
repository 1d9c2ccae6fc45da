"""The type vocabulary of function problems (docs/functions.md, "Type vocabulary").

A type names how a JSON value becomes an argument in each language: `int[][]` is a grid,
`TreeNode` a level-order list with nulls. Checking values against their types here, on the
host, catches a broken curated case or generator at build time and turns a team's malformed
custom input into a clear message instead of a harness crash that looks like their bug.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

INT_MIN, INT_MAX = -(2**31), 2**31 - 1
LONG_MIN, LONG_MAX = -(2**63), 2**63 - 1

PRIMITIVES = ("int", "long", "float", "bool", "string", "char")
STRUCTURES = ("ListNode", "TreeNode", "Graph", "GraphNode", "ListNodeCycle", "ListNodeRandom")
# Arrays of these exist in every harness; arrays of the other structures do not.
ARRAY_BASES = (*PRIMITIVES, "ListNode")
# Only meaningful as an argument: a cycle cannot be serialised back as a return value.
ARGUMENT_ONLY = ("ListNodeCycle",)
VOID = "void"


class UnknownType(ValueError):
    """A type name outside the vocabulary."""


@dataclass(frozen=True)
class FunctionType:
    base: str  # one of PRIMITIVES, STRUCTURES or "void"
    depth: int = 0  # number of [] suffixes

    def __str__(self) -> str:
        return self.base + "[]" * self.depth

    @property
    def element(self) -> FunctionType:
        return FunctionType(self.base, self.depth - 1)


def parse_type(name: object, *, allow_void: bool = False) -> FunctionType:
    """`int[][]` -> FunctionType("int", 2); UnknownType for anything outside the vocabulary."""
    if not isinstance(name, str) or not name:
        raise UnknownType(f"a type must be a non-empty string, not {name!r}")
    return _parse_type(name, allow_void)


@cache  # a sequence case file names the same few types hundreds of thousands of times
def _parse_type(name: str, allow_void: bool) -> FunctionType:
    base, depth = name, 0
    while base.endswith("[]"):
        base, depth = base[:-2], depth + 1
    if base == VOID and depth == 0:
        if allow_void:
            return FunctionType(VOID)
        raise UnknownType("void is only allowed as a return type")
    if base not in PRIMITIVES and base not in STRUCTURES:
        known = ", ".join((*PRIMITIVES, *STRUCTURES))
        raise UnknownType(f"unknown type {name!r} (known: {known}, and arrays T[] of primitives)")
    if depth and base not in ARRAY_BASES:
        raise UnknownType(f"unsupported type {name!r}: arrays are of primitives or ListNode only")
    if depth > 1 and base == "ListNode":
        raise UnknownType(f"unsupported type {name!r}: only one level of ListNode[]")
    return FunctionType(base, depth)


def check_value(type_: FunctionType, value: Any, where: str = "value") -> str | None:
    """Why `value` is not a JSON value of `type_` (naming the offending position), or None."""
    # Stress cases hold 10^5 values: the common, valid case is checked without building a
    # message per element; only a failure walks again to say where.
    if _valid(type_, value):
        return None
    return _explain(type_, value, where)


def _valid(type_: FunctionType, value: Any) -> bool:
    if type_.depth == 0:
        quick = _QUICK.get(type_.base)
        return quick(value) if quick is not None else _CHECKS[type_.base](value, "") is None
    if not isinstance(value, list):
        return False
    element = type_.element
    if element.depth == 0 and element.base in _QUICK:
        return all(map(_QUICK[element.base], value))
    return all(_valid(element, item) for item in value)


def _explain(type_: FunctionType, value: Any, where: str) -> str | None:
    if type_.base == VOID:
        return None if value is None else f"{where}: expected null (void), got {_show(value)}"
    if type_.depth:
        if not isinstance(value, list):
            return f"{where}: expected an array ({type_}), got {_show(value)}"
        for k, item in enumerate(value):
            if not _valid(type_.element, item):
                return _explain(type_.element, item, f"{where}[{k}]")
        return None
    return _CHECKS[type_.base](value, where)


def check_args(types: list[FunctionType], args: Any, where: str = "args") -> str | None:
    """Why `args` is not a list of arguments of `types`, or None."""
    if not isinstance(args, list):
        return f"{where}: expected an array of {len(types)} arguments, got {_show(args)}"
    if len(args) != len(types):
        return f"{where}: expected {len(types)} arguments, got {len(args)}"
    for k, (type_, arg) in enumerate(zip(types, args, strict=True)):
        if not _valid(type_, arg):
            return _explain(type_, arg, f"{where}[{k}] ({type_})")
    return None


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(value: Any, where: str) -> str | None:
    if not _is_int(value):
        return f"{where}: expected an integer, got {_show(value)}"
    if not INT_MIN <= value <= INT_MAX:
        return f"{where}: {value} does not fit in a 32-bit int (use long)"
    return None


def _long(value: Any, where: str) -> str | None:
    if not _is_int(value):
        return f"{where}: expected an integer, got {_show(value)}"
    if not LONG_MIN <= value <= LONG_MAX:
        return f"{where}: {value} does not fit in a 64-bit long"
    return None


def _float(value: Any, where: str) -> str | None:
    if not (_is_int(value) or isinstance(value, float)):
        return f"{where}: expected a number, got {_show(value)}"
    if isinstance(value, float) and not math.isfinite(value):
        return f"{where}: {value} is not a finite number"
    return None


def _bool(value: Any, where: str) -> str | None:
    return None if isinstance(value, bool) else f"{where}: expected true/false, got {_show(value)}"


def _string(value: Any, where: str) -> str | None:
    return None if isinstance(value, str) else f"{where}: expected a string, got {_show(value)}"


def _char(value: Any, where: str) -> str | None:
    if isinstance(value, str) and len(value) == 1:
        return None
    return f"{where}: expected a one-character string, got {_show(value)}"


def _int_list(value: Any, where: str) -> str | None:
    if not isinstance(value, list):
        return f"{where}: expected an array of integers, got {_show(value)}"
    if all(map(_int_ok, value)):
        return None
    for k, item in enumerate(value):
        problem = _int(item, f"{where}[{k}]")
        if problem is not None:
            return problem
    return None


def _tree(value: Any, where: str) -> str | None:
    """Level order with nulls: the children of a null are not listed, so the list cannot be
    longer than the slots the non-null nodes before it open."""
    if not isinstance(value, list):
        return f"{where}: expected a level-order array, got {_show(value)}"
    if value and value[0] is None:
        return f"{where}: the root of a non-empty tree cannot be null (use [])"
    slots = 1
    for k, item in enumerate(value):
        if k >= slots:
            return f"{where}[{k}]: no parent left for this node (children of null are omitted)"
        if item is not None:
            problem = _int(item, f"{where}[{k}]")
            if problem is not None:
                return problem
            slots += 2
    return None


def _adjacency(value: Any, where: str, first: int) -> str | None:
    if not isinstance(value, list):
        return f"{where}: expected an adjacency list, got {_show(value)}"
    last = len(value) - 1 + first
    for i, neighbours in enumerate(value):
        problem = _int_list(neighbours, f"{where}[{i}]")
        if problem is not None:
            return problem
        for k, node in enumerate(neighbours):
            if not first <= node <= last:
                return f"{where}[{i}][{k}]: node {node} is not in {first}..{last}"
    return None


def _graph(value: Any, where: str) -> str | None:
    return _adjacency(value, where, 0)


def _graph_node(value: Any, where: str) -> str | None:
    return _adjacency(value, where, 1)


def _cycle(value: Any, where: str) -> str | None:
    if not isinstance(value, dict) or set(value) != {"values", "pos"}:
        return f'{where}: expected {{"values": [...], "pos": p}}, got {_show(value)}'
    problem = _int_list(value["values"], f"{where}.values") or _int(value["pos"], f"{where}.pos")
    if problem is not None:
        return problem
    if not -1 <= value["pos"] < len(value["values"]):
        return f"{where}.pos: {value['pos']} is neither -1 nor an index of values"
    return None


def _random_list(value: Any, where: str) -> str | None:
    if not isinstance(value, list):
        return f"{where}: expected [[val, randomIndex or null], ...], got {_show(value)}"
    for k, pair in enumerate(value):
        if not isinstance(pair, list) or len(pair) != 2:
            return f"{where}[{k}]: expected [val, randomIndex or null], got {_show(pair)}"
        problem = _int(pair[0], f"{where}[{k}][0]")
        if problem is not None:
            return problem
        if pair[1] is not None and not (_is_int(pair[1]) and 0 <= pair[1] < len(value)):
            return f"{where}[{k}][1]: {_show(pair[1])} is neither null nor an index of the list"
    return None


def _int_ok(value: Any) -> bool:
    return type(value) is int and INT_MIN <= value <= INT_MAX


def _long_ok(value: Any) -> bool:
    return type(value) is int and LONG_MIN <= value <= LONG_MAX


def _float_ok(value: Any) -> bool:
    return type(value) is int or (type(value) is float and math.isfinite(value))


_QUICK: dict[str, Callable[[Any], bool]] = {
    "int": _int_ok,
    "long": _long_ok,
    "float": _float_ok,
    "bool": lambda value: isinstance(value, bool),
    "string": lambda value: isinstance(value, str),
    "char": lambda value: isinstance(value, str) and len(value) == 1,
    "void": lambda value: value is None,
}

_CHECKS: dict[str, Callable[[Any, str], str | None]] = {
    "int": _int,
    "long": _long,
    "float": _float,
    "bool": _bool,
    "string": _string,
    "char": _char,
    "ListNode": _int_list,
    "TreeNode": _tree,
    "Graph": _graph,
    "GraphNode": _graph_node,
    "ListNodeCycle": _cycle,
    "ListNodeRandom": _random_list,
}
