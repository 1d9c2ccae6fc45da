"""What a solution has to write, whatever its language: each function or method with its
parameters (named) and its result type. The language modules only render these.

Parameter names come from the manifest's optional `argNames` (a Juiz addition, on a function
problem or on each method of a sequence problem); without them they are guessed from the types
in LeetCode's habits (`int[]` -> nums, `TreeNode` -> root), made distinct (n, n2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judging.functions.types import FunctionType, parse_type

Manifest = Mapping[str, Any]
CONSTRUCTOR = "constructor"

_GUESSES = {
    "int": "n",
    "long": "n",
    "float": "x",
    "bool": "flag",
    "string": "s",
    "char": "c",
    "int[]": "nums",
    "long[]": "nums",
    "float[]": "values",
    "bool[]": "flags",
    "string[]": "words",
    "char[]": "chars",
    "char[][]": "board",
    "ListNode": "head",
    "ListNodeCycle": "head",
    "ListNodeRandom": "head",
    "TreeNode": "root",
    "Graph": "graph",
    "GraphNode": "node",
    "ListNode[]": "lists",
}


@dataclass(frozen=True)
class Member:
    """One function or method: `name` as the manifest spells it (the entry, a method, encode /
    decode, or "constructor"), its (name, type) parameters, its result type (None for a
    constructor)."""

    name: str
    params: tuple[tuple[str, str], ...]
    returns: str | None

    @property
    def arg_types(self) -> list[str]:
        return [t for _, t in self.params]

    @property
    def is_constructor(self) -> bool:
        return self.returns is None


def parameter_names(arg_types: Sequence[str], given: Sequence[str] | None = None) -> list[str]:
    """`given` when the manifest has it; else a readable, distinct name per argument:
    (int[], int) -> nums, n; (int, int) -> n, n2."""
    if given is not None and len(given) == len(arg_types):
        return [str(name) for name in given]
    names: list[str] = []
    for type_name in arg_types:
        base = _GUESSES.get(type_name) or ("grid" if type_name.endswith("[][]") else "arg")
        name, k = base, 2
        while name in names:
            name, k = f"{base}{k}", k + 1
        names.append(name)
    return names


def _member(name: str, spec: Mapping[str, Any], returns: str | None) -> Member:
    arg_types = [str(t) for t in spec.get("argTypes", [])]
    names = parameter_names(arg_types, spec.get("argNames"))
    return Member(name, tuple(zip(names, arg_types, strict=True)), returns)


def members(manifest: Manifest) -> list[Member]:
    """The problem's functions or methods, in the order a class reads best: the constructor of
    a sequence class first (one with no arguments when the manifest gives none)."""
    kind = manifest["kind"]
    if kind == "function":
        return [_member(str(manifest["entry"]), manifest, str(manifest["returnType"]))]
    if kind == "roundtrip":
        data, encoded = str(manifest["dataType"]), str(manifest.get("encodedType", "string"))
        return [
            _member(str(manifest["encode"]), {"argTypes": [data]}, encoded),
            _member(str(manifest["decode"]), {"argTypes": [encoded]}, data),
        ]
    methods: Mapping[str, Any] = manifest["methods"]
    found = [_member(CONSTRUCTOR, methods.get(CONSTRUCTOR, {}), None)]
    for name, spec in methods.items():
        if name != CONSTRUCTOR:
            found.append(_member(name, spec, str(spec.get("returnType", "void"))))
    return found


def types_used(manifest: Manifest) -> list[FunctionType]:
    """Every argument and result type of the problem (node classes to describe)."""
    names = [*manifest.get("argTypes", []), manifest.get("returnType", "void")]
    names.append(manifest.get("dataType", "void"))
    for spec in (manifest.get("methods") or {}).values():
        names += [*spec.get("argTypes", []), spec.get("returnType", "void")]
    return [parse_type(n, allow_void=True) for n in names]
