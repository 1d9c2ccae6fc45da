"""Python starter code and signatures, in LeetCode's own style: `class Solution:` with a typed
method, `typing` names (List, Optional) and the node classes described in comments (the harness
defines them; see harnesses/python/prelude.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judging.functions.starters.members import Member, members, types_used
from judging.functions.types import parse_type

Manifest = Mapping[str, Any]

_SCALARS = {"int": "int", "long": "int", "float": "float", "bool": "bool", "string": "str"}
_SCALARS["char"] = "str"
_STRUCTURES = {
    "ListNode": "Optional[ListNode]",
    "ListNodeCycle": "Optional[ListNode]",
    "TreeNode": "Optional[TreeNode]",
    "Graph": "List[List[int]]",
    "GraphNode": "Optional['Node']",
    "ListNodeRandom": "Optional['Node']",
}
_DEFINITIONS = {
    "ListNode": (
        "# Definition for singly-linked list.\n"
        "# class ListNode:\n"
        "#     def __init__(self, val=0, next=None):\n"
        "#         self.val = val\n"
        "#         self.next = next\n"
    ),
    "TreeNode": (
        "# Definition for a binary tree node.\n"
        "# class TreeNode:\n"
        "#     def __init__(self, val=0, left=None, right=None):\n"
        "#         self.val = val\n"
        "#         self.left = left\n"
        "#         self.right = right\n"
    ),
    "GraphNode": (
        "# Definition for a Node.\n"
        "# class Node:\n"
        "#     def __init__(self, val=0, neighbors=None):\n"
        "#         self.val = val\n"
        "#         self.neighbors = neighbors if neighbors is not None else []\n"
    ),
    "ListNodeRandom": (
        "# Definition for a Node.\n"
        "# class Node:\n"
        "#     def __init__(self, x, next=None, random=None):\n"
        "#         self.val = int(x)\n"
        "#         self.next = next\n"
        "#         self.random = random\n"
    ),
}
_DEFINED_BY = {"ListNodeCycle": "ListNode"}


def annotation(type_name: str) -> str:
    """`int[][]` -> `List[List[int]]`, `TreeNode` -> `Optional[TreeNode]`, void -> None."""
    type_ = parse_type(type_name, allow_void=True)
    if type_.base == "void":
        return "None"
    if type_.depth:
        return f"List[{annotation(str(type_.element))}]"
    return _SCALARS.get(type_.base) or _STRUCTURES[type_.base]


def _def(name: str, member: Member) -> str:
    params = ", ".join(f"{p}: {annotation(t)}" for p, t in member.params)
    arrow = "" if member.returns is None else f" -> {annotation(member.returns)}"
    return f"def {name}(self{', ' if params else ''}{params}){arrow}:"


def _override(manifest: Manifest) -> str | None:
    names = manifest.get("names") or {}
    value = names.get("python") or names.get("python3")
    return str(value) if value else None


def _class_name(manifest: Manifest) -> str:
    return _override(manifest) or str(manifest["class"])


def _methods(manifest: Manifest) -> list[str]:
    """Each method's `def` line, the constructor (`__init__`) first."""
    lines = []
    for member in members(manifest):
        if manifest["kind"] == "function":
            name = _override(manifest) or member.name
        else:
            name = "__init__" if member.is_constructor else member.name
        lines.append(_def(name, member))
    return lines


def _definitions(manifest: Manifest) -> str:
    bases = {_DEFINED_BY.get(t.base, t.base) for t in types_used(manifest)}
    return "".join(text + "\n" for base, text in _DEFINITIONS.items() if base in bases)


def starter(manifest: Manifest) -> str:
    holder = "Solution" if manifest["kind"] == "function" else _class_name(manifest)
    body = "\n\n".join(f"    {line}\n        pass" for line in _methods(manifest))
    return f"{_definitions(manifest)}class {holder}:\n{body}\n"


def signature(manifest: Manifest) -> str:
    """What to write, one line per function or method: `two_sum(nums: List[int], n: int) ->
    List[int]`, or `LRUCache(n: int)` then `LRUCache.get(n: int) -> int` for a class."""
    lines: list[str] = []
    for line in _methods(manifest):
        text = line[len("def ") : -1].replace("(self, ", "(").replace("(self)", "()")
        if manifest["kind"] != "function":
            holder = _class_name(manifest)
            text = (
                holder + text[len("__init__") :]
                if text.startswith("__init__")
                else f"{holder}.{text}"
            )
        lines.append(text)
    return "\n".join(lines)
