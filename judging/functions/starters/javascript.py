"""JavaScript starter code and signatures, in LeetCode's own style: `var twoSum = function(...)`
with JSDoc types, design classes as a constructor function with prototype methods, a `Codec`
class for round trips, and the node classes described in comments (the harness provides them:
harnesses/javascript/serde.js)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from judging.functions.starters.members import Member, members
from judging.functions.starters.members import types_used as all_types
from judging.functions.types import parse_type

Manifest = Mapping[str, Any]

_JSDOC = {
    "int": "number",
    "long": "number",
    "float": "number",
    "bool": "boolean",
    "string": "string",
    "char": "character",
    "ListNode": "ListNode",
    "ListNodeCycle": "ListNode",
    "TreeNode": "TreeNode",
    "Graph": "number[][]",
    "GraphNode": "_Node",
    "ListNodeRandom": "_Node",
}
DEFINITIONS = {
    "ListNode": (
        "Definition for singly-linked list.",
        "function ListNode(val, next) {",
        "    this.val = (val===undefined ? 0 : val)",
        "    this.next = (next===undefined ? null : next)",
        "}",
    ),
    "TreeNode": (
        "Definition for a binary tree node.",
        "function TreeNode(val, left, right) {",
        "    this.val = (val===undefined ? 0 : val)",
        "    this.left = (left===undefined ? null : left)",
        "    this.right = (right===undefined ? null : right)",
        "}",
    ),
    "GraphNode": (
        "Definition for a _Node (Node works too).",
        "function _Node(val, neighbors) {",
        "    this.val = val === undefined ? 0 : val;",
        "    this.neighbors = neighbors === undefined ? [] : neighbors;",
        "};",
    ),
    "ListNodeRandom": (
        "Definition for a _Node (Node works too).",
        "function _Node(val, next, random) {",
        "    this.val = val;",
        "    this.next = next;",
        "    this.random = random;",
        "};",
    ),
}
DEFINED_BY = {"ListNodeCycle": "ListNode"}


def jsdoc_type(type_name: str) -> str:
    """`int[][]` -> `number[][]`, `TreeNode` -> `TreeNode`, `void` -> `void`."""
    type_ = parse_type(type_name, allow_void=True)
    if type_.base == "void":
        return "void"
    return _JSDOC[type_.base] + "[]" * type_.depth


def override(manifest: Manifest, key: str) -> str | None:
    value = (manifest.get("names") or {}).get(key)
    return str(value) if value else None


def class_name(manifest: Manifest, key: str) -> str:
    return override(manifest, key) or str(manifest["class"])


def methods(manifest: Manifest, key: str) -> list[Member]:
    """The members with the names a solution in language `key` uses: a function's entry or its
    override, a class's methods as named (the constructor is "constructor"), constructor first."""
    found = members(manifest)
    if manifest["kind"] == "function":
        name = override(manifest, key) or found[0].name
        return [replace(found[0], name=name)]
    return found


def types_used(manifest: Manifest) -> set[str]:
    """The base types of every argument and result, node types folded to their class."""
    bases = {t.base for t in all_types(manifest)}
    return {DEFINED_BY.get(b, b) for b in bases}


def definitions(manifest: Manifest) -> str:
    """The node classes the problem uses, as LeetCode shows them: in a comment."""
    used = types_used(manifest)
    blocks = []
    for base, lines in DEFINITIONS.items():
        if base in used:
            blocks.append("/**\n" + "".join(f" * {line}\n" for line in lines) + " */\n")
    return "".join(blocks)


def _jsdoc(member: Member, indent: str = "") -> str:
    lines = [f"@param {{{jsdoc_type(t)}}} {p}" for p, t in member.params]
    if member.returns is not None:
        lines.append(f"@return {{{jsdoc_type(member.returns)}}}")
    if not lines:
        return ""
    return f"{indent}/**\n" + "".join(f"{indent} * {line}\n" for line in lines) + f"{indent} */\n"


def _params(member: Member) -> str:
    return ", ".join(p for p, _ in member.params)


def _function_starter(manifest: Manifest) -> str:
    (member,) = methods(manifest, "javascript")
    return f"{_jsdoc(member)}var {member.name} = function({_params(member)}) {{\n    \n}};\n"


def _sequence_starter(manifest: Manifest) -> str:
    holder = class_name(manifest, "javascript")
    parts = []
    for member in methods(manifest, "javascript"):
        target = f"var {holder}" if member.is_constructor else f"{holder}.prototype.{member.name}"
        parts.append(f"{_jsdoc(member)}{target} = function({_params(member)}) {{\n    \n}};\n")
    return "\n".join(parts)


def _roundtrip_starter(manifest: Manifest) -> str:
    holder = class_name(manifest, "javascript")
    body = "\n".join(
        f"{_jsdoc(m, '    ')}    {m.name}({_params(m)}) {{\n        \n    }}\n"
        for m in methods(manifest, "javascript")
    )
    return f"class {holder} {{\n{body}}}\n"


_STARTERS = {
    "function": _function_starter,
    "sequence": _sequence_starter,
    "roundtrip": _roundtrip_starter,
}


def starter(manifest: Manifest) -> str:
    return definitions(manifest) + _STARTERS[str(manifest["kind"])](manifest)


def signature(manifest: Manifest) -> str:
    """One line per function or method, with JSDoc's types: `twoSum(nums: number[], n: number)
    -> number[]`, or `new LRUCache(n: number)` then `LRUCache.get(n: number) -> number`."""
    lines = []
    holder = "" if manifest["kind"] == "function" else class_name(manifest, "javascript")
    for member in methods(manifest, "javascript"):
        params = ", ".join(f"{p}: {jsdoc_type(t)}" for p, t in member.params)
        if member.returns is None:
            lines.append(f"new {holder}({params})")
        else:
            qualified = f"{holder}.{member.name}" if holder else member.name
            lines.append(f"{qualified}({params}) -> {jsdoc_type(member.returns)}")
    return "\n".join(lines)
