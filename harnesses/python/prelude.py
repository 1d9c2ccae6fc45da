"""The namespace a solution is loaded into, and how its entry point is found.

LeetCode's Python judge runs solutions after `from typing import *`, `from collections import
*` and friends, with ListNode, TreeNode and Node defined: solutions written there use `List`,
`deque`, `heappush`, `inf` or `lru_cache` without importing them. The same names are put into
the solution's module namespace before its code runs, so anything the solution defines itself
(its own `Node`, say) simply replaces the injected name.
"""

from __future__ import annotations

import builtins
import os
import sys
import types

import jsonio
from nodes import GraphNode, ListNode, RandomNode, TreeNode
from serde import partial

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

SOLUTION_FILE = "solution.py"
# Order matters: collections' Counter/OrderedDict must replace typing's aliases of them.
_STAR_MODULES = ("typing", "collections", "heapq", "math", "bisect", "itertools", "functools")
_MODULES = (*_STAR_MODULES, "re", "string", "random", "operator", "copy")
# Which module each implicit name comes from, written at compile time by names.py with the
# very interpreter of the run: importing all these modules costs a run more than the solution
# itself often does, so a run imports only those whose names the solution's code mentions.
TABLE_FILE = "implicit.json"
# Names through which code can reach a namespace without naming what it takes from it (and
# `from __future__ import annotations`, which turns annotations into strings): a solution
# mentioning one gets every implicit name, as it did before runs became lazy.
_DYNAMIC = frozenset(
    ("eval", "exec", "compile", "globals", "vars", "locals", "__dict__", "__builtins__",
     "__import__", "import_module", "getattr", "f_globals", "modules", "__future__", "solution")
)  # fmt: skip


def implicit_table() -> dict[str, list[Any]]:
    """name -> [module, attribute] (attribute None: the module itself) of every implicit name.
    Names that would shadow a builtin (math's pow, ...) are left out."""
    table: dict[str, list[Any]] = {}
    for module_name in _STAR_MODULES:
        module = __import__(module_name)
        public = getattr(module, "__all__", None) or [n for n in dir(module) if n[:1] != "_"]
        table.update(
            (n, [module_name, n]) for n in public if hasattr(module, n) and not _builtin(n)
        )
    table.update((m, [m, None]) for m in _MODULES)
    return table


def _saved_table(directory: str) -> dict[str, list[Any]]:
    try:
        with open(os.path.join(directory, TABLE_FILE), "rb") as saved:
            return jsonio.loads(saved.read())  # type: ignore[no-any-return]
    except OSError:  # not compiled by names.py (a unit test): work the table out now
        return implicit_table()


def implicit_names(
    type_bases: set[str], wanted: set[str] | None = None, directory: str = ""
) -> dict[str, Any]:
    """What a LeetCode solution may use without importing it, for a problem using these type
    bases: all of it, or only the `wanted` names (None: all)."""
    table = _saved_table(directory) if directory else implicit_table()
    names: dict[str, Any] = {}
    for name, (module_name, attribute) in table.items():
        if wanted is None or name in wanted:
            module = __import__(module_name)
            names[name] = module if attribute is None else getattr(module, attribute)
    names.update(ListNode=ListNode, TreeNode=TreeNode)
    # Two LeetCode classes are called Node; a problem needs at most one of them.
    if "GraphNode" in type_bases:
        names["Node"] = GraphNode
    elif "ListNodeRandom" in type_bases:
        names["Node"] = RandomNode
    return names


def mentioned(code: types.CodeType) -> set[str] | None:
    """Every name the code (and the functions, classes and comprehensions in it) looks up or
    sets, attributes included: a superset of the globals it can use. None when it could reach
    a namespace without naming what it takes from it."""
    names: set[str] = set()
    pending = [code]
    while pending:
        current = pending.pop()
        names.update(current.co_names)
        for const in current.co_consts:
            if isinstance(const, types.CodeType):
                pending.append(const)
            elif isinstance(const, str):
                # Annotations are strings here (this file's `from __future__ import
                # annotations` reaches the solution's compile), and dataclasses or
                # get_type_hints may still look the names in them up.
                names.update(_identifiers(const))
    return None if names & _DYNAMIC else names


def _identifiers(text: str) -> list[str]:
    return "".join(c if c.isalnum() or c == "_" else " " for c in text).split()


def _builtin(name: str) -> bool:
    return hasattr(builtins, name)


def compile_solution(path: str) -> types.CodeType:
    with open(path, encoding="utf-8") as source:
        return compile(source.read(), SOLUTION_FILE, "exec")


def load_solution(
    path: str, injected: dict[str, Any], code: types.CodeType | None = None
) -> types.ModuleType:
    """Run solution.py as the module `solution` (not __main__, so a local test block under
    `if __name__ == "__main__"` stays quiet)."""
    module = types.ModuleType("solution")
    module.__dict__.update(injected)
    module.__file__ = path
    sys.modules["solution"] = module
    exec(code or compile_solution(path), module.__dict__)
    return module


def snake_case(name: str) -> str:
    """twoSum -> two_sum, getMinValue -> get_min_value (an upper-case letter after a lower-case
    letter or a digit starts a word)."""
    out = []
    for k, char in enumerate(name):
        before = name[k - 1] if k else ""
        if "A" <= char <= "Z" and ("a" <= before <= "z" or "0" <= before <= "9"):
            out.append("_")
        out.append(char)
    return "".join(out).lower()


class Missing(NameError):
    """The solution does not define what the manifest asks for."""


class Loaded:
    """The solution module, with what the harness injected into it kept apart, so that only
    the solution's own definitions count as entry points."""

    def __init__(self, module: types.ModuleType, injected: dict[str, Any]) -> None:
        self.namespace = module.__dict__
        self.injected = injected

    def own(self, name: str) -> Any:
        value = self.namespace.get(name)
        if value is None or value is self.injected.get(name):
            return None
        return value

    def function(self, candidates: list[str]) -> Callable[[], Callable[..., Any]]:
        """A factory of the function to call for each case (docs/functions.md, entry-point
        resolution): a plain function, else a method of a fresh `Solution()` per case."""
        for name in candidates:
            found = self.own(name)
            if callable(found) and not isinstance(found, type):
                return partial(_same, found)
        holder = self.own("Solution")
        if isinstance(holder, type):
            for name in candidates:
                if callable(getattr(holder, name, None)):
                    return partial(_fresh_method, holder, name)
        shown = " or ".join(candidates)
        raise Missing(f"solution.py defines no function {shown} (nor class Solution with it)")

    def cls(self, name: str) -> type:
        found = self.own(name)
        if not isinstance(found, type):
            raise Missing(f"solution.py defines no class {name}")
        return found


def _same(function: Callable[..., Any]) -> Callable[..., Any]:
    return function


def _fresh_method(holder: type, name: str) -> Callable[..., Any]:
    return getattr(holder(), name)  # type: ignore[no-any-return]


def candidates(entry: str, override: str | None) -> list[str]:
    names = [override, entry, snake_case(entry)]
    return list(dict.fromkeys(n for n in names if n))


def method(instance: Any, name: str) -> Callable[..., Any]:
    """A design class's method by its name, or by the name's snake_case."""
    for candidate in (name, snake_case(name)):
        found = getattr(instance, candidate, None)
        if callable(found):
            return found  # type: ignore[no-any-return]
    raise Missing(f"{type(instance).__name__} has no method {name}")
