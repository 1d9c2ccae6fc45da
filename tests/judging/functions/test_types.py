"""The type vocabulary: names parse, values are checked with a message that says where."""

from __future__ import annotations

from typing import Any

import pytest

from judging.functions.types import FunctionType, UnknownType, check_args, check_value, parse_type


def check(name: str, value: Any) -> str | None:
    return check_value(parse_type(name, allow_void=True), value)


def test_array_types_parse_into_base_and_depth() -> None:
    assert parse_type("int[][]") == FunctionType("int", 2)
    assert str(parse_type("char[][]")) == "char[][]"
    assert parse_type("ListNode[]") == FunctionType("ListNode", 1)


@pytest.mark.parametrize("name", ["integer", "int[", "TreeNode[]", "ListNode[][]", "", "void[]"])
def test_unknown_or_unsupported_types_are_refused(name: str) -> None:
    with pytest.raises(UnknownType):
        parse_type(name, allow_void=True)


def test_void_is_only_a_return_type() -> None:
    with pytest.raises(UnknownType, match="return type"):
        parse_type("void")
    assert parse_type("void", allow_void=True).base == "void"


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("int", 5),
        ("int", -(2**31)),
        ("long", 2**40),
        ("float", 1),
        ("float", 2.5),
        ("bool", False),
        ("string", ""),
        ("char", "x"),
        ("int[][]", [[1], []]),
        ("char[][]", [["a", "b"]]),
        ("ListNode", [1, 2, 3]),
        ("ListNode[]", [[1, 2], []]),
        ("TreeNode", [3, 9, 20, None, None, 15, 7]),
        ("TreeNode", []),
        ("Graph", [[1], [0, 2], [1]]),
        ("GraphNode", [[2, 4], [1, 3], [2, 4], [1, 3]]),
        ("GraphNode", []),
        ("ListNodeCycle", {"values": [1, 2, 3], "pos": 1}),
        ("ListNodeCycle", {"values": [], "pos": -1}),
        ("ListNodeRandom", [[7, None], [13, 0]]),
        ("void", None),
    ],
)
def test_values_of_their_type_pass(name: str, value: Any) -> None:
    assert check(name, value) is None


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("int", True, "expected an integer"),
        ("int", 2**31, "32-bit"),
        ("long", 2**63, "64-bit"),
        ("int", 1.5, "expected an integer"),
        ("float", "1", "expected a number"),
        ("bool", 0, "true/false"),
        ("char", "ab", "one-character"),
        ("int[]", [1, "2"], "value[1]"),
        ("int[][]", [[1], 2], "value[1]: expected an array"),
        ("TreeNode", [None], "root"),
        ("TreeNode", [1, None, None, 2], "no parent"),
        ("Graph", [[1], [5]], "node 5 is not in 0..1"),
        ("GraphNode", [[0]], "node 0 is not in 1..1"),
        ("ListNodeCycle", {"values": [1], "pos": 1}, "pos"),
        ("ListNodeCycle", [1, 2], "values"),
        ("ListNodeRandom", [[1, 3]], "index of the list"),
        ("void", 0, "null"),
    ],
)
def test_values_of_another_type_are_refused_with_the_position(
    name: str, value: Any, message: str
) -> None:
    problem = check(name, value)
    assert problem is not None and message in problem


def test_check_args_counts_and_names_the_argument() -> None:
    types = [parse_type("int[]"), parse_type("int")]
    assert check_args(types, [[2, 7], 9]) is None
    assert "expected 2 arguments, got 1" in (check_args(types, [[2, 7]]) or "")
    assert "args[1] (int)" in (check_args(types, [[2], "9"]) or "")
    assert "expected an array of 2 arguments" in (check_args(types, {"a": 1}) or "")
