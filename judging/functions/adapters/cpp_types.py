"""C++ names of the type vocabulary and of a manifest's entry points, and the node classes the
harness provides (for the generated glue, cpp_glue.py, and the starters)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from judging.functions.types import FunctionType, parse_type

Manifest = Mapping[str, Any]

NAMES_KEY = "cpp"

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")

SCALARS = {
    "int": "int",
    "long": "long long",
    "float": "double",
    "bool": "bool",
    "string": "std::string",
    "char": "char",
}

# The C++ type of a type's base, as LeetCode declares it.
_BASE_TYPES = {
    **SCALARS,
    "ListNode": "ListNode*",
    "ListNodeCycle": "ListNode*",
    "TreeNode": "TreeNode*",
    "Graph": "vector<vector<int>>",
    "GraphNode": "Node*",
    "ListNodeRandom": "Node*",
}

_STRUCTURE_FORMS = {
    "ListNode": "juiz::ListF<ListNode>",
    "ListNodeCycle": "juiz::CycleListF<ListNode>",
    "TreeNode": "juiz::TreeF<TreeNode>",
    "Graph": "juiz::Array<juiz::Array<juiz::Scalar<int>>>",
    "GraphNode": "juiz::GraphF<Node>",
    "ListNodeRandom": "juiz::RandomListF<Node>",
}

# The class each structure needs, and its LeetCode definition.
_NODE_CLASS_OF = {
    "ListNode": "ListNode",
    "ListNodeCycle": "ListNode",
    "TreeNode": "TreeNode",
    "GraphNode": "Node",
    "ListNodeRandom": "Node",
}

NODE_CLASSES = {
    "ListNode": """struct ListNode {
    int val;
    ListNode* next;
    ListNode() : val(0), next(nullptr) {}
    ListNode(int x) : val(x), next(nullptr) {}
    ListNode(int x, ListNode* next) : val(x), next(next) {}
};""",
    "TreeNode": """struct TreeNode {
    int val;
    TreeNode* left;
    TreeNode* right;
    TreeNode() : val(0), left(nullptr), right(nullptr) {}
    TreeNode(int x) : val(x), left(nullptr), right(nullptr) {}
    TreeNode(int x, TreeNode* left, TreeNode* right) : val(x), left(left), right(right) {}
};""",
    # LeetCode's clone-graph Node and copy-random-list Node in one class: a problem may use
    # both types, and each solution only touches the fields of its own.
    "Node": """class Node {
public:
    int val;
    vector<Node*> neighbors;
    Node* next;
    Node* random;
    Node() : val(0), next(nullptr), random(nullptr) {}
    Node(int _val) : val(_val), next(nullptr), random(nullptr) {}
    Node(int _val, vector<Node*> _neighbors)
        : val(_val), neighbors(_neighbors), next(nullptr), random(nullptr) {}
};""",
}


def cpp_type(type_: FunctionType) -> str:
    """The C++ type of a vocabulary type (`int[][]` -> `vector<vector<int>>`)."""
    if type_.base == "void":
        return "void"
    out = _BASE_TYPES[type_.base].replace("std::", "")
    for _ in range(type_.depth):
        out = f"vector<{out}>"
    return out


def form(type_: FunctionType) -> str:
    """The harness form that reads and writes values of `type_`."""
    out = _STRUCTURE_FORMS.get(type_.base) or f"juiz::Scalar<{SCALARS[type_.base]}>"
    for _ in range(type_.depth):
        out = f"juiz::Array<{out}>"
    return out


def snake_case(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


def identifier(name: Any, what: str) -> str:
    if not isinstance(name, str) or not _IDENTIFIER.match(name):
        raise ValueError(f"{what} {name!r} is not a C++ identifier")
    return name


def unique(names: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(names))


def entry_candidates(manifest: Manifest) -> list[str]:
    """The names tried, in order: the `cpp` override, the entry, its snake_case."""
    entry = identifier(manifest["entry"], "entry")
    override = manifest.get("names", {}).get(NAMES_KEY)
    first = [identifier(override, "names.cpp")] if override else []
    return unique([*first, entry, snake_case(entry)])


def class_name(manifest: Manifest) -> str:
    return identifier(manifest.get("names", {}).get(NAMES_KEY) or manifest["class"], "class")


def manifest_types(manifest: Manifest) -> list[FunctionType]:
    """Every type the manifest mentions (arguments, results, methods, codec data)."""
    names: list[str] = [*manifest.get("argTypes", [])]
    names += [manifest[k] for k in ("returnType", "dataType", "encodedType") if k in manifest]
    for spec in manifest.get("methods", {}).values():
        names += [*spec.get("argTypes", []), spec.get("returnType", "void")]
    return [parse_type(n, allow_void=True) for n in names]


# String and character literals and comments, in one pass so that a `//` in a string is not a
# comment.
_LITERAL_OR_COMMENT = re.compile(
    r""""(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|//[^\n]*|/\*.*?\*/""", re.DOTALL
)


def code_only(source: str) -> str:
    """The source with comments and the contents of literals blanked out."""
    return _LITERAL_OR_COMMENT.sub(" ", source)


def defines_class(source: str, name: str) -> bool:
    """Whether the solution defines (not just declares) a class or struct `name` outside
    comments (LeetCode's starters describe the node classes in comments)."""
    pattern = rf"\b(?:struct|class)\s+{name}\b(?:\s+final)?\s*(?::[^;{{}}]*)?\{{"
    return re.search(pattern, code_only(source)) is not None


def node_classes(manifest: Manifest, source: str) -> list[str]:
    """The node classes to define: those the types need and the solution does not define."""
    wanted = {_NODE_CLASS_OF[t.base] for t in manifest_types(manifest) if t.base in _NODE_CLASS_OF}
    return [c for c in NODE_CLASSES if c in wanted and not defines_class(source, c)]
