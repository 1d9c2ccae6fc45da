"""TypeScript starter code and signatures, in LeetCode's own style: a typed `function`, design
and codec problems as classes, `X | null` for nodes, and the node classes described in comments
(declared for tsc by harnesses/typescript/prelude.d.ts)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judging.functions.starters.javascript import class_name, methods, types_used
from judging.functions.starters.members import Member
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


def _params(member: Member) -> str:
    return ", ".join(f"{p}: {ts_type(t)}" for p, t in member.params)


def _header(member: Member) -> str:
    """`twoSum(nums: number[], n: number): number[]`; a constructor has no return type."""
    tail = "" if member.returns is None else f": {ts_type(member.returns)}"
    return f"{member.name}({_params(member)}){tail}"


def _class(manifest: Manifest) -> str:
    holder = class_name(manifest, "typescript")
    body = "\n".join(
        f"    {_header(m)} {{\n        \n    }}\n" for m in methods(manifest, "typescript")
    )
    return f"class {holder} {{\n{body}}}\n"


def starter(manifest: Manifest) -> str:
    if manifest["kind"] != "function":
        return definitions(manifest) + _class(manifest)
    (member,) = methods(manifest, "typescript")
    return f"{definitions(manifest)}function {_header(member)} {{\n    \n}};\n"


def signature(manifest: Manifest) -> str:
    """One line per function or method: `function twoSum(nums: number[], n: number):
    number[]`, or `constructor(n: number)` then `get(n: number): number` under `class
    LRUCache`."""
    found = methods(manifest, "typescript")
    if manifest["kind"] == "function":
        return f"function {_header(found[0])}"
    holder = class_name(manifest, "typescript")
    return "\n".join([f"class {holder}"] + [f"    {_header(m)}" for m in found])
