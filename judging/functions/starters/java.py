"""Java starter code and signatures, in LeetCode's style: `class Solution` with a public method,
arrays for the vocabulary's arrays (the harness also accepts List<...> parameters), and the
node classes described in comments (the harness compiles them next to the solution; see
judging/functions/adapters/java.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judging.functions.starters.members import Member, members, types_used
from judging.functions.types import parse_type

Manifest = Mapping[str, Any]

_TYPES = {
    "int": "int",
    "long": "long",
    "float": "double",
    "bool": "boolean",
    "string": "String",
    "char": "char",
    "void": "void",
    "ListNode": "ListNode",
    "ListNodeCycle": "ListNode",
    "TreeNode": "TreeNode",
    "Graph": "int[][]",
    "GraphNode": "Node",
    "ListNodeRandom": "Node",
}
_DEFINITIONS = {
    "ListNode": (
        "/**\n"
        " * Definition for singly-linked list.\n"
        " * public class ListNode {\n"
        " *     int val;\n"
        " *     ListNode next;\n"
        " *     ListNode() {}\n"
        " *     ListNode(int val) { this.val = val; }\n"
        " *     ListNode(int val, ListNode next) { this.val = val; this.next = next; }\n"
        " * }\n"
        " */\n"
    ),
    "TreeNode": (
        "/**\n"
        " * Definition for a binary tree node.\n"
        " * public class TreeNode {\n"
        " *     int val;\n"
        " *     TreeNode left;\n"
        " *     TreeNode right;\n"
        " *     TreeNode() {}\n"
        " *     TreeNode(int val) { this.val = val; }\n"
        " *     TreeNode(int val, TreeNode left, TreeNode right) {\n"
        " *         this.val = val;\n"
        " *         this.left = left;\n"
        " *         this.right = right;\n"
        " *     }\n"
        " * }\n"
        " */\n"
    ),
    "GraphNode": (
        "/*\n"
        "// Definition for a Node.\n"
        "class Node {\n"
        "    public int val;\n"
        "    public List<Node> neighbors;\n"
        "    public Node() { val = 0; neighbors = new ArrayList<Node>(); }\n"
        "    public Node(int val) { this.val = val; neighbors = new ArrayList<Node>(); }\n"
        "    public Node(int val, ArrayList<Node> neighbors) {\n"
        "        this.val = val;\n"
        "        this.neighbors = neighbors;\n"
        "    }\n"
        "}\n"
        "*/\n"
    ),
    "ListNodeRandom": (
        "/*\n"
        "// Definition for a Node.\n"
        "class Node {\n"
        "    int val;\n"
        "    Node next;\n"
        "    Node random;\n"
        "    public Node(int val) { this.val = val; }\n"
        "}\n"
        "*/\n"
    ),
}
_DEFINED_BY = {"ListNodeCycle": "ListNode"}


def java_type(type_name: str) -> str:
    """`int[][]` -> `int[][]`, `float` -> `double`, `GraphNode` -> `Node`, void -> void."""
    type_ = parse_type(type_name, allow_void=True)
    return _TYPES[type_.base] + "[]" * type_.depth


def camel(name: str) -> str:
    """The harness's natural casing of an entry: two_sum -> twoSum."""
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def _declaration(name: str, member: Member) -> str:
    params = ", ".join(f"{java_type(t)} {p}" for p, t in member.params)
    prefix = "" if member.returns is None else f"{java_type(member.returns)} "
    return f"{prefix}{name}({params})"


def _override(manifest: Manifest) -> str | None:
    value = (manifest.get("names") or {}).get("java")
    return str(value) if value else None


def class_name(manifest: Manifest) -> str:
    if manifest["kind"] == "function":
        return "Solution"
    return _override(manifest) or str(manifest["class"])


def _declarations(manifest: Manifest) -> list[str]:
    """Each method's declaration without modifiers, the constructor first."""
    lines = []
    for member in members(manifest):
        if manifest["kind"] == "function":
            name = _override(manifest) or camel(member.name)
        else:
            name = class_name(manifest) if member.is_constructor else member.name
        lines.append(_declaration(name, member))
    return lines


def _definitions(manifest: Manifest) -> str:
    bases = {_DEFINED_BY.get(t.base, t.base) for t in types_used(manifest)}
    return "".join(text for base, text in _DEFINITIONS.items() if base in bases)


def starter(manifest: Manifest) -> str:
    body = "\n\n".join(
        f"    public {line} {{\n        \n    }}" for line in _declarations(manifest)
    )
    return f"{_definitions(manifest)}class {class_name(manifest)} {{\n{body}\n}}\n"


def signature(manifest: Manifest) -> str:
    """One declaration per line: `int[] twoSum(int[] nums, int n)`, or for a class its
    constructor then its methods, each qualified: `int LRUCache.get(int n)`."""
    lines = _declarations(manifest)
    if manifest["kind"] == "function":
        return lines[0]
    holder = class_name(manifest)
    out = []
    for line in lines:
        if line.startswith(f"{holder}("):
            out.append(line)
        else:
            returns, _, rest = line.partition(" ")
            out.append(f"{returns} {holder}.{rest}")
    return "\n".join(out)
