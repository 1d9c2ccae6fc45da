"""TypeScript starter code and signatures, in LeetCode's own style: a typed `function`, design
and codec problems as classes, `X | null` for nodes, and the node classes described in comments
(declared for tsc by harnesses/typescript/prelude.d.ts)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judging.functions.starters.javascript import class_name, methods, types_used
from judging.functions.starters.python3 import parameter_names
from judging.functions.types import parse_type

Manifest = Mapping[str, Any]

_TYPES = {
    "int": "number",
    "long": "number",
    "float": "number",
    "bool": "boolean",
    "string": "string",
    "char": "string",
    "ListNode": "ListNode | null",
    "ListNodeCycle": "ListNode | null",
    "TreeNode": "TreeNode | null",
    "Graph": "number[][]",
    "GraphNode": "_Node | null",
    "ListNodeRandom": "_Node | null",
}
DEFINITIONS = {
    "ListNode": (
        "Definition for singly-linked list.",
        "class ListNode {",
        "    val: number",
        "    next: ListNode | null",
        "    constructor(val?: number, next?: ListNode | null)",
        "}",
    ),
    "TreeNode": (
        "Definition for a binary tree node.",
        "class TreeNode {",
        "    val: number",
        "    left: TreeNode | null",
        "    right: TreeNode | null",
        "    constructor(val?: number, left?: TreeNode | null, right?: TreeNode | null)",
        "}",
    ),
    "GraphNode": (
        "Definition for _Node (Node works too).",
        "class _Node {",
        "    val: number",
        "    neighbors: _Node[]",
        "    constructor(val?: number, neighbors?: _Node[])",
        "}",
    ),
    "ListNodeRandom": (
        "Definition for _Node (Node works too).",
        "class _Node {",
        "    val: number",
        "    next: _Node | null",
        "    random: _Node | null",
        "    constructor(val?: number, next?: _Node, random?: _Node)",
        "}",
    ),
}


def ts_type(type_name: str) -> str:
    """`int[][]` -> `number[][]`, `TreeNode` -> `TreeNode | null`, `ListNode[]` ->
    `Array<ListNode | null>`."""
    type_ = parse_type(type_name, allow_void=True)
    if type_.base == "void":
        return "void"
    inner = _TYPES[type_.base]
    for _ in range(type_.depth):
        inner = f"Array<{inner}>" if " " in inner else f"{inner}[]"
    return inner


def definitions(manifest: Manifest) -> str:
    used = types_used(manifest)
    blocks = []
    for base, lines in DEFINITIONS.items():
        if base in used:
            blocks.append("/**\n" + "".join(f" * {line}\n" for line in lines) + " */\n\n")
    return "".join(blocks)


def _params(arg_types: Sequence[str]) -> str:
    names = parameter_names(arg_types)
    return ", ".join(f"{p}: {ts_type(t)}" for p, t in zip(names, arg_types, strict=True))


def _header(name: str, arg_types: Sequence[str], returns: str | None) -> str:
    """`twoSum(nums: number[], n: number): number[]`; a constructor has no return type."""
    tail = "" if returns is None else f": {ts_type(returns)}"
    return f"{name}({_params(arg_types)}){tail}"


def _class(manifest: Manifest) -> str:
    holder = class_name(manifest, "typescript")
    body = "\n".join(
        f"    {_header(name, arg_types, returns)} {{\n        \n    }}\n"
        for name, arg_types, returns in methods(manifest, "typescript")
    )
    return f"class {holder} {{\n{body}}}\n"


def starter(manifest: Manifest) -> str:
    if manifest["kind"] != "function":
        return definitions(manifest) + _class(manifest)
    ((name, arg_types, returns),) = methods(manifest, "typescript")
    return f"{definitions(manifest)}function {_header(name, arg_types, returns)} {{\n    \n}};\n"


def signature(manifest: Manifest) -> str:
    """One line per function or method: `function twoSum(nums: number[], n: number):
    number[]`, or `constructor(n: number)` then `get(n: number): number` under `class
    LRUCache`."""
    found = methods(manifest, "typescript")
    if manifest["kind"] == "function":
        ((name, arg_types, returns),) = found
        return f"function {_header(name, arg_types, returns)}"
    holder = class_name(manifest, "typescript")
    return "\n".join([f"class {holder}"] + [f"    {_header(n, a, r)}" for n, a, r in found])
