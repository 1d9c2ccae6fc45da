"""C++ starter code and signatures, in LeetCode's style: `class Solution` with a public method,
`vector` and `string` arguments by reference, and the node classes described in comments (the
harness defines them unless the solution does; see judging/functions/adapters/cpp_glue.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judging.functions.adapters.cpp_types import NAMES_KEY, cpp_type, manifest_types
from judging.functions.starters.members import Member, members
from judging.functions.types import parse_type

Manifest = Mapping[str, Any]

_DEFINITIONS = {
    "ListNode": (
        "/**\n"
        " * Definition for singly-linked list.\n"
        " * struct ListNode {\n"
        " *     int val;\n"
        " *     ListNode *next;\n"
        " *     ListNode() : val(0), next(nullptr) {}\n"
        " *     ListNode(int x) : val(x), next(nullptr) {}\n"
        " *     ListNode(int x, ListNode *next) : val(x), next(next) {}\n"
        " * };\n"
        " */\n"
    ),
    "TreeNode": (
        "/**\n"
        " * Definition for a binary tree node.\n"
        " * struct TreeNode {\n"
        " *     int val;\n"
        " *     TreeNode *left;\n"
        " *     TreeNode *right;\n"
        " *     TreeNode() : val(0), left(nullptr), right(nullptr) {}\n"
        " *     TreeNode(int x) : val(x), left(nullptr), right(nullptr) {}\n"
        " *     TreeNode(int x, TreeNode *left, TreeNode *right)\n"
        " *         : val(x), left(left), right(right) {}\n"
        " * };\n"
        " */\n"
    ),
    "Node": (
        "/*\n"
        "// Definition for a Node (graph nodes use neighbors, random lists next and random).\n"
        "class Node {\n"
        "public:\n"
        "    int val;\n"
        "    vector<Node*> neighbors;\n"
        "    Node* next;\n"
        "    Node* random;\n"
        "    Node() : val(0), next(nullptr), random(nullptr) {}\n"
        "    Node(int _val) : val(_val), next(nullptr), random(nullptr) {}\n"
        "    Node(int _val, vector<Node*> _neighbors);\n"
        "};\n"
        "*/\n"
    ),
}
_CLASS_OF = {
    "ListNode": "ListNode",
    "ListNodeCycle": "ListNode",
    "TreeNode": "TreeNode",
    "GraphNode": "Node",
    "ListNodeRandom": "Node",
}


def parameter(type_name: str, name: str) -> str:
    """`vector<int>& nums`: containers by reference as LeetCode writes them, the rest by value."""
    type_ = parse_type(type_name)
    by_reference = type_.depth > 0 or type_.base == "Graph"
    return f"{cpp_type(type_)}{'&' if by_reference else ''} {name}"


Declaration = tuple[str, str, str]  # return type ("" for a constructor), name, parameters


def _declaration(name: str, member: Member) -> Declaration:
    params = ", ".join(parameter(t, p) for p, t in member.params)
    returns = member.returns
    prefix = "" if returns is None else cpp_type(parse_type(returns, allow_void=True))
    return prefix, name, params


def _text(declaration: Declaration, holder: str = "") -> str:
    returns, name, params = declaration
    qualified = f"{holder}::{name}" if holder and returns else name
    return f"{returns} {qualified}({params})".lstrip()


def _override(manifest: Manifest) -> str | None:
    value = (manifest.get("names") or {}).get(NAMES_KEY)
    return str(value) if value else None


def class_name(manifest: Manifest) -> str:
    if manifest["kind"] == "function":
        return "Solution"
    return _override(manifest) or str(manifest["class"])


def _declarations(manifest: Manifest) -> list[Declaration]:
    """Each member's declaration, the constructor first."""
    found = []
    for member in members(manifest):
        if manifest["kind"] == "function":
            name = _override(manifest) or member.name
        else:
            name = class_name(manifest) if member.is_constructor else member.name
        found.append(_declaration(name, member))
    return found


def _definitions(manifest: Manifest) -> str:
    wanted = {_CLASS_OF[t.base] for t in manifest_types(manifest) if t.base in _CLASS_OF}
    return "".join(text for name, text in _DEFINITIONS.items() if name in wanted)


def starter(manifest: Manifest) -> str:
    parts = [f"    {_text(d)} {{\n        \n    }}" for d in _declarations(manifest)]
    body = "\n\n".join(parts)
    return f"{_definitions(manifest)}class {class_name(manifest)} {{\npublic:\n{body}\n}};\n"


def signature(manifest: Manifest) -> str:
    """One declaration per line: `vector<int> twoSum(vector<int>& nums, int n)`, or for a class
    its constructor then its methods, qualified: `int LRUCache::get(int n)`."""
    holder = "" if manifest["kind"] == "function" else class_name(manifest)
    return "\n".join(_text(d, holder) for d in _declarations(manifest))
