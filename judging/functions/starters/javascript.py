"""JavaScript starter code and signatures, in LeetCode's own style: `var twoSum = function(...)`
with JSDoc types, design classes as a constructor function with prototype methods, a `Codec`
class for round trips, and the node classes described in comments (the harness provides them:
harnesses/javascript/serde.js)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judging.functions.starters.python3 import parameter_names
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


def methods(manifest: Manifest, key: str) -> list[tuple[str, list[str], str | None]]:
    """(name, argument types, return type or None for a constructor), the constructor first."""
    kind = manifest["kind"]
    if kind == "function":
        name = override(manifest, key) or str(manifest["entry"])
        return [(name, list(manifest["argTypes"]), str(manifest["returnType"]))]
    if kind == "roundtrip":
        data, encoded = str(manifest["dataType"]), str(manifest.get("encodedType", "string"))
        return [
            (str(manifest["encode"]), [data], encoded),
            (str(manifest["decode"]), [encoded], data),
        ]
    found: list[tuple[str, list[str], str | None]] = []
    for method, spec in manifest["methods"].items():
        arg_types = list(spec.get("argTypes", []))
        if method == "constructor":
            found.insert(0, (method, arg_types, None))
        else:
            found.append((method, arg_types, str(spec.get("returnType", "void"))))
    return found


def types_used(manifest: Manifest) -> set[str]:
    """The base types of every argument and result, node types folded to their class."""
    names = [*manifest.get("argTypes", []), manifest.get("returnType", "void")]
    names.append(manifest.get("dataType", "void"))
    for spec in (manifest.get("methods") or {}).values():
        names += [*spec.get("argTypes", []), spec.get("returnType", "void")]
    bases = {parse_type(n, allow_void=True).base for n in names}
    return {DEFINED_BY.get(b, b) for b in bases}


def definitions(manifest: Manifest) -> str:
    """The node classes the problem uses, as LeetCode shows them: in a comment."""
    used = types_used(manifest)
    blocks = []
    for base, lines in DEFINITIONS.items():
        if base in used:
            blocks.append("/**\n" + "".join(f" * {line}\n" for line in lines) + " */\n")
    return "".join(blocks)


def _jsdoc(arg_types: Sequence[str], returns: str | None, indent: str = "") -> str:
    lines = [
        f"@param {{{jsdoc_type(t)}}} {p}"
        for p, t in zip(parameter_names(arg_types), arg_types, strict=True)
    ]
    if returns is not None:
        lines.append(f"@return {{{jsdoc_type(returns)}}}")
    if not lines:
        return ""
    return f"{indent}/**\n" + "".join(f"{indent} * {line}\n" for line in lines) + f"{indent} */\n"


def _params(arg_types: Sequence[str]) -> str:
    return ", ".join(parameter_names(arg_types))


def _function_starter(manifest: Manifest) -> str:
    ((name, arg_types, returns),) = methods(manifest, "javascript")
    doc = _jsdoc(arg_types, returns)
    return f"{doc}var {name} = function({_params(arg_types)}) {{\n    \n}};\n"


def _sequence_starter(manifest: Manifest) -> str:
    holder = class_name(manifest, "javascript")
    found = methods(manifest, "javascript")
    if not found or found[0][0] != "constructor":
        found.insert(0, ("constructor", [], None))
    parts = []
    for name, arg_types, returns in found:
        target = f"var {holder}" if name == "constructor" else f"{holder}.prototype.{name}"
        doc = _jsdoc(arg_types, returns)
        parts.append(f"{doc}{target} = function({_params(arg_types)}) {{\n    \n}};\n")
    return "\n".join(parts)


def _roundtrip_starter(manifest: Manifest) -> str:
    holder = class_name(manifest, "javascript")
    body = "\n".join(
        f"{_jsdoc(arg_types, returns, '    ')}    {name}({_params(arg_types)}) {{\n"
        "        \n    }\n"
        for name, arg_types, returns in methods(manifest, "javascript")
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
    for name, arg_types, returns in methods(manifest, "javascript"):
        params = ", ".join(
            f"{p}: {jsdoc_type(t)}"
            for p, t in zip(parameter_names(arg_types), arg_types, strict=True)
        )
        if manifest["kind"] == "function":
            lines.append(f"{name}({params}) -> {jsdoc_type(str(returns))}")
        elif returns is None:
            lines.append(f"new {class_name(manifest, 'javascript')}({params})")
        else:
            holder = class_name(manifest, "javascript")
            lines.append(f"{holder}.{name}({params}) -> {jsdoc_type(returns)}")
    return "\n".join(lines)
