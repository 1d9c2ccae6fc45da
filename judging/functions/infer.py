"""Method signatures of a sequence problem inferred from its steps' values, for case files that
leave `methods` out, as seed 000's neutral format does (docs/functions.md, "Inferred methods").

JSON says what it can: a whole number is `int` (or `long` when it does not fit 32 bits, `float`
when another value at that place has a fraction), `true`/`false` is `bool`, a string is `string`
and an array is an array of what its elements say. A method whose every expected value is
`null` returns `void`. JSON cannot tell a `ListNode` from an `int[]`, a `char` from a
`string`, or the element type of arrays that are always empty: a file that needs those types
declares `methods`, which then replaces inference (typed, it overrides what JSON says).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from judging.functions.manifest import CONSTRUCTOR, CaseFileError
from judging.functions.types import INT_MAX, INT_MIN

# A place (one argument of one method, or its return) seen as these kinds, widened as values
# come: int < long < float. "empty" is an array seen only empty, so far.
_NUMBERS = ("int", "long", "float")
_NONE = "none"  # only null seen: void for a return, an error for an argument


class _Unknown(ValueError):
    """Values at one place that no single type of the vocabulary holds."""


def with_inferred_methods(data: dict[str, Any]) -> dict[str, Any]:
    """`data` itself unless it is a sequence without `methods`; then a copy with `methods`
    inferred from its steps. A file that declares `methods` gets no inference at all: a step
    calling a method it does not declare is a mistake to report, not a method to guess."""
    if data.get("kind") != "sequence" or "methods" in data:
        return data
    if not isinstance(data.get("cases"), list):
        return data  # the case check says what is wrong
    return {**data, "methods": infer_methods(data["cases"])}


def infer_methods(cases: Iterable[Any]) -> dict[str, dict[str, Any]]:
    """`{method: {"argTypes": [...], "returnType": ...}}` for each method called in the cases'
    steps. Raises CaseFileError naming the method that cannot be inferred."""
    seen: dict[str, _Method] = {}
    for case in cases:
        steps = case.get("steps") if isinstance(case, dict) else None
        for step in steps if isinstance(steps, list) else ():
            method = step.get("method") if isinstance(step, dict) else None
            if isinstance(method, str) and isinstance(step.get("args"), list):
                seen.setdefault(method, _Method()).add(step)
    return {name: method.spec(name) for name, method in seen.items()}


class _Method:
    """What the steps calling one method showed: kinds per argument, kinds of the result."""

    def __init__(self) -> None:
        self.args: list[str] | None = None
        self.returns: str | None = None  # None until a step carries `expected`
        self.problem = ""

    def add(self, step: Mapping[str, Any]) -> None:
        if self.problem:
            return
        try:
            self._add(step["args"], step)
        except _Unknown as error:
            self.problem = str(error)

    def _add(self, args: list[Any], step: Mapping[str, Any]) -> None:
        kinds = [kind_of(value) for value in args]
        if self.args is None:
            self.args = kinds
        elif len(self.args) != len(kinds):
            raise _Unknown(f"it is called with {len(self.args)} and {len(kinds)} arguments")
        else:
            self.args = [join(a, b) for a, b in zip(self.args, kinds, strict=True)]
        if "expected" in step:
            kind = kind_of(step["expected"])
            self.returns = kind if self.returns is None else join(self.returns, kind, nullable=True)

    def spec(self, name: str) -> dict[str, Any]:
        where = f"`methods` is absent for {name!r} and its signature cannot be inferred"
        if self.problem:
            raise CaseFileError(f"{where}: {self.problem}; declare it in `methods`")
        arg_types = [
            _declared(kind, f"argument {k}", where) for k, kind in enumerate(self.args or [])
        ]
        if name == CONSTRUCTOR:
            return {"argTypes": arg_types}
        if self.returns is None:
            raise CaseFileError(f"{where}: no step has `expected`; declare it in `methods`")
        returns = "void" if self.returns == _NONE else _declared(self.returns, "result", where)
        return {"argTypes": arg_types, "returnType": returns}


def _declared(kind: str, place: str, where: str) -> str:
    if kind == _NONE:
        raise CaseFileError(f"{where}: its {place} is only ever null; declare it in `methods`")
    if kind.startswith("empty"):
        raise CaseFileError(
            f"{where}: its {place} is only ever an empty array; declare it in `methods`"
        )
    return kind


def kind_of(value: Any) -> str:
    """The type `value` shows on its own: `int`, `long`, `float`, `bool`, `string`, `T[]`,
    `empty[]` (an array with no element saying more) or `none`."""
    if value is None:
        return _NONE
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int" if INT_MIN <= value <= INT_MAX else "long"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        element = "empty"
        for item in value:
            kind = kind_of(item)
            element = kind if element == "empty" else join(element, kind)
        return element + "[]"
    raise _Unknown(f"{type(value).__name__} values are not in the type vocabulary")


def join(a: str, b: str, *, nullable: bool = False) -> str:
    """The one type holding both kinds; `nullable` lets `none` stand beside a value only for a
    result, where null is what a void method returns."""
    if a == b:
        return a
    if a.startswith("empty") and b.endswith("[]") and _depth(b) >= _depth(a):
        return b
    if b.startswith("empty") and a.endswith("[]") and _depth(a) >= _depth(b):
        return a
    if a in _NUMBERS and b in _NUMBERS:
        return max(a, b, key=_NUMBERS.index)
    if a.endswith("[]") and b.endswith("[]"):
        return join(a[:-2], b[:-2]) + "[]"
    if _NONE in (a, b) and not nullable:
        raise _Unknown("an argument is sometimes null")
    if _NONE in (a, b):
        raise _Unknown("its result is null in some steps and a value in others")
    raise _Unknown(f"values of types {a} and {b} meet at the same place")


def _depth(kind: str) -> int:
    return kind.count("[]")
