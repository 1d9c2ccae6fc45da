"""The namespace a solution is loaded into, and how its entry point is found.

LeetCode's Python judge runs solutions after `from typing import *`, `from collections import
*` and friends, with ListNode, TreeNode and Node defined: solutions written there use `List`,
`deque`, `heappush`, `inf` or `lru_cache` without importing them. The same names are put into
the solution's module namespace before its code runs, so anything the solution defines itself
(its own `Node`, say) simply replaces the injected name.
"""

from __future__ import annotations

import builtins
import functools
import importlib
import re
import sys
import types
from collections.abc import Callable
from typing import Any

from nodes import GraphNode, ListNode, RandomNode, TreeNode

SOLUTION_FILE = "solution.py"
# Order matters: collections' Counter/OrderedDict must replace typing's aliases of them.
_STAR_MODULES = ("typing", "collections", "heapq", "math", "bisect", "itertools", "functools")
_MODULES = (*_STAR_MODULES, "re", "string", "random", "operator", "copy")


def implicit_names(type_bases: set[str]) -> dict[str, Any]:
    """What a LeetCode solution may use without importing it, for a problem using these type
    bases. Names that would shadow a builtin (math's pow, ...) are left out."""
    names: dict[str, Any] = {}
    for module_name in _STAR_MODULES:
        module = importlib.import_module(module_name)
        public = getattr(module, "__all__", None) or [n for n in dir(module) if n[:1] != "_"]
        names.update(
            (n, getattr(module, n)) for n in public if hasattr(module, n) and not _builtin(n)
        )
    names.update((m, importlib.import_module(m)) for m in _MODULES)
    names.update(ListNode=ListNode, TreeNode=TreeNode)
    # Two LeetCode classes are called Node; a problem needs at most one of them.
    if "GraphNode" in type_bases:
        names["Node"] = GraphNode
    elif "ListNodeRandom" in type_bases:
        names["Node"] = RandomNode
    return names


def _builtin(name: str) -> bool:
    return hasattr(builtins, name)


def load_solution(path: str, injected: dict[str, Any]) -> types.ModuleType:
    """Run solution.py as the module `solution` (not __main__, so a local test block under
    `if __name__ == "__main__"` stays quiet)."""
    with open(path, encoding="utf-8") as source:
        code = compile(source.read(), SOLUTION_FILE, "exec")
    module = types.ModuleType("solution")
    module.__dict__.update(injected)
    module.__file__ = path
    sys.modules["solution"] = module
    exec(code, module.__dict__)
    return module


def snake_case(name: str) -> str:
    """twoSum -> two_sum, getMinValue -> get_min_value."""
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


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
                return functools.partial(_same, found)
        holder = self.own("Solution")
        if isinstance(holder, type):
            for name in candidates:
                if callable(getattr(holder, name, None)):
                    return functools.partial(_fresh_method, holder, name)
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
