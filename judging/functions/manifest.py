"""Manifests of function problems: every key docs/functions.md defines, checked.

Split from casefile.py (which checks the cases) so that each stays readable; the web app's
import form and the builder check a manifest before any case is looked at.
"""

from __future__ import annotations

import re
from typing import Any

from judging.functions.types import FunctionType, UnknownType, parse_type

KINDS = ("function", "sequence", "roundtrip")
COMPARATORS = ("exact", "float", "unordered", "unordered-nested", "set", "linkedlist", "tree")
VALIDATOR_PREFIX = "validator:"
NAMES_KEYS = ("python", "python3", "java", "javascript", "typescript", "cpp")
CONSTRUCTOR = "constructor"
DEFAULT_TIME_LIMIT_S = 5.0
DEFAULT_MEMORY_MB = 256
MAX_TIME_LIMIT_S = 60.0
MEMORY_RANGE_MB = (16, 4096)

_COMMON_KEYS = {"id", "title", "kind", "names", "comparator", "timeLimit", "memoryMb"}
_COMMON_KEYS |= {"statement", "sourceHash", "cases"}
_KIND_KEYS: dict[str, set[str]] = {
    "function": {"entry", "argTypes", "argNames", "returnType", "resultFrom", "mustCopy"},
    "sequence": {"class", "methods"},
    "roundtrip": {"class", "encode", "decode", "dataType", "encodedType"},
}
CASE_KEYS: dict[str, set[str]] = {
    "function": {"args"},
    "sequence": {"steps"},
    "roundtrip": {"data"},
}
_ID = re.compile(r"[a-z0-9][a-z0-9-]*\Z")
_IDENTIFIER = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*\Z")
_VALIDATOR_NAME = re.compile(r"[a-z][a-z0-9_-]*\Z")


class CaseFileError(ValueError):
    """A case file (or curated file) that breaks the contract of docs/functions.md."""


def check_manifest(data: Any) -> dict[str, Any]:
    """The manifest, checked (its `cases` are not looked at)."""
    if not isinstance(data, dict):
        raise CaseFileError("a case file must be a JSON object")
    problem_id = data.get("id")
    if not isinstance(problem_id, str) or not _ID.match(problem_id):
        raise CaseFileError(f"`id` must be lower-case letters, digits and -, not {problem_id!r}")
    try:
        _check_manifest(data)
    except CaseFileError as error:
        raise CaseFileError(f"problem {problem_id}: {error}") from None
    return data


def _check_manifest(data: dict[str, Any]) -> None:
    kind = data.get("kind")
    if kind not in KINDS:
        raise CaseFileError(f"`kind` must be one of {', '.join(KINDS)}, not {kind!r}")
    unknown = set(data) - _COMMON_KEYS - _KIND_KEYS[kind]
    if unknown:
        raise CaseFileError(f"unknown keys for kind {kind}: {', '.join(sorted(unknown))}")
    if not isinstance(data.get("title", ""), str) or not isinstance(data.get("statement", ""), str):
        raise CaseFileError("`title` and `statement` must be strings")
    _check_comparator(data.get("comparator", "exact"))
    _check_names(data.get("names", {}))
    _check_limits(data)
    {"function": _check_function, "sequence": _check_sequence, "roundtrip": _check_roundtrip}[kind](
        data
    )


def _check_comparator(comparator: Any) -> None:
    if comparator in COMPARATORS:
        return
    if isinstance(comparator, str) and comparator.startswith(VALIDATOR_PREFIX):
        name = comparator[len(VALIDATOR_PREFIX) :]
        if _VALIDATOR_NAME.match(name):
            return
        raise CaseFileError(f"validator name {name!r} must be a Python module name")
    known = ", ".join((*COMPARATORS, "validator:<name>"))
    raise CaseFileError(f"unknown comparator {comparator!r} (known: {known})")


def _check_names(names: Any) -> None:
    if not isinstance(names, dict):
        raise CaseFileError("`names` must be an object mapping language to name")
    for language, name in names.items():
        if language not in NAMES_KEYS:
            raise CaseFileError(f"`names`: unknown language {language!r} ({', '.join(NAMES_KEYS)})")
        _identifier(name, f"names.{language}")


def _check_limits(data: dict[str, Any]) -> None:
    time_limit = data.get("timeLimit", DEFAULT_TIME_LIMIT_S)
    if not _number(time_limit) or not 0 < time_limit <= MAX_TIME_LIMIT_S:
        raise CaseFileError(f"`timeLimit` must be seconds in (0, {MAX_TIME_LIMIT_S:g}]")
    memory = data.get("memoryMb", DEFAULT_MEMORY_MB)
    low, high = MEMORY_RANGE_MB
    if not isinstance(memory, int) or isinstance(memory, bool) or not low <= memory <= high:
        raise CaseFileError(f"`memoryMb` must be an integer in [{low}, {high}]")


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _identifier(value: Any, key: str) -> str:
    if not isinstance(value, str) or not _IDENTIFIER.match(value):
        raise CaseFileError(f"`{key}` must be an identifier, not {value!r}")
    return value


def _type(value: Any, key: str, *, allow_void: bool = False) -> FunctionType:
    try:
        return parse_type(value, allow_void=allow_void)
    except UnknownType as error:
        raise CaseFileError(f"`{key}`: {error}") from None


def _types(value: Any, key: str) -> list[FunctionType]:
    if not isinstance(value, list):
        raise CaseFileError(f"`{key}` must be an array of types")
    return [_type(t, f"{key}[{k}]") for k, t in enumerate(value)]


def _check_function(data: dict[str, Any]) -> None:
    _identifier(data.get("entry"), "entry")
    arg_types = _types(data.get("argTypes"), "argTypes")
    _arg_names(data, len(arg_types), "argNames")
    returns = _type(data.get("returnType"), "returnType", allow_void=True)
    if returns.base in ("ListNodeCycle",):
        raise CaseFileError("`returnType`: ListNodeCycle is an argument-only type")
    for key in ("resultFrom", "mustCopy"):
        if key in data and not _index(data[key], len(arg_types)):
            raise CaseFileError(f"`{key}` must be an argument index (0..{len(arg_types) - 1})")
    if returns.base == "void" and "resultFrom" not in data:
        raise CaseFileError("`returnType` void needs `resultFrom` (which argument to judge)")


def _arg_names(spec: dict[str, Any], count: int, key: str) -> None:
    """Optional parameter names (starter code only): distinct identifiers, one per argument."""
    if "argNames" not in spec:
        return
    names = spec["argNames"]
    if not isinstance(names, list) or len(names) != count:
        raise CaseFileError(f"`{key}` must name each of the {count} arguments")
    for k, name in enumerate(names):
        _identifier(name, f"{key}[{k}]")
    if len(set(names)) != count:
        raise CaseFileError(f"`{key}`: the names must differ")


def _index(value: Any, count: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < count


def _check_sequence(data: dict[str, Any]) -> None:
    _identifier(data.get("class"), "class")
    methods = data.get("methods")
    if not isinstance(methods, dict) or CONSTRUCTOR not in methods:
        raise CaseFileError(
            "a sequence needs a `constructor`: its steps start with one, whose types are "
            "inferred, or `methods` declares it, e.g. "
            '{"constructor": {"argTypes": ["int"]}, "get": {"argTypes": ["int"], '
            '"returnType": "int"}}'
        )
    for name, spec in methods.items():
        _check_method(name, spec)


def _check_method(name: str, spec: Any) -> None:
    key = f"methods.{name}"
    if name != CONSTRUCTOR:
        _identifier(name, key)
    if not isinstance(spec, dict) or set(spec) - {"argTypes", "argNames", "returnType"}:
        raise CaseFileError(f"`{key}` must be {{argTypes, argNames, returnType}}")
    count = len(_types(spec.get("argTypes"), f"{key}.argTypes"))
    _arg_names(spec, count, f"{key}.argNames")
    if name == CONSTRUCTOR:
        if spec.get("returnType", "void") != "void":
            raise CaseFileError(f"`{key}`: a constructor returns nothing")
        return
    _type(spec.get("returnType"), f"{key}.returnType", allow_void=True)


def _check_roundtrip(data: dict[str, Any]) -> None:
    for key in ("class", "encode", "decode"):
        _identifier(data.get(key), key)
    _type(data.get("dataType"), "dataType")
    _type(data.get("encodedType", "string"), "encodedType")
