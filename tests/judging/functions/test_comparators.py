"""The comparators file the host judges with (harnesses/python/comparators.py), loaded the way
the host loads it: a stdlib-only module outside any package."""

from __future__ import annotations

import importlib.util
from types import ModuleType
from typing import Any

import pytest

from judging.functions import compare as host
from judging.kit import Kit

KIT = Kit.of_checkout()
FILE = KIT.harness("python") / "comparators.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("comparators_under_test", FILE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


comparators = _load()


def same(comparator: str, got: Any, expected: Any) -> bool:
    result = comparators.compare(comparator, got, expected)
    assert isinstance(result, bool)
    return result


def test_it_imports_nothing_but_the_standard_library() -> None:
    text = FILE.read_text()
    imports = [line for line in text.splitlines() if line.startswith(("import ", "from "))]
    assert imports == [
        "from __future__ import annotations",
        "import json",
        "import math",
        "from collections import Counter",
        "from collections.abc import Callable",
        "from typing import Any",
    ]


def test_the_host_compares_with_this_very_file() -> None:
    assert KIT.comparators.resolve() == FILE.resolve()
    assert host.same(KIT, "float", [1.0000001], [1.0])
    assert not host.same(KIT, "exact", [1.0000001], [1.0])


@pytest.mark.parametrize(
    ("got", "expected", "equal"),
    [
        ([1, [2, "x"]], [1, [2, "x"]], True),
        (2, 2.0, True),  # JSON does not tell them apart (JavaScript prints 2.0 as 2)
        (-0.0, 0, True),
        (True, 1, False),
        (1, True, False),
        (False, 0.0, False),
        (None, [], False),
        (None, None, True),
        ("1", 1, False),
        ([1, 2], [2, 1], False),
        ([1, 2], [1, 2, 3], False),
        ([[]], [], False),
        ({"a": 1}, {"a": 1.0}, True),
        ({"a": 1}, {"b": 1}, False),
        ("é", "é", True),
        (2**63, 2**63 + 1, False),
    ],
)
def test_exact_compares_values_and_their_types_strictly(
    got: Any, expected: Any, equal: bool
) -> None:
    assert same("exact", got, expected) is equal
    assert same("linkedlist", got, expected) is equal


@pytest.mark.parametrize(
    ("got", "expected", "equal"),
    [
        (0.5, 0.5, True),
        # Absolute tolerance below 1 ...
        (0.5 + 9.9e-7, 0.5, True),
        (0.5 - 9.9e-7, 0.5, True),
        (0.5 + 1.01e-6, 0.5, False),
        (1e-7, 0.0, True),
        (2e-6, 0.0, False),
        (-0.9999995, -1.0, True),
        # ... relative above 1 (the expected value's magnitude decides).
        (1e6 + 0.99, 1e6, True),
        (1e6 + 1.01, 1e6, False),
        (-2e6 - 1.9, -2e6, True),
        (-2e6 - 2.1, -2e6, False),
        (1e12 * (1 + 9e-7), 1e12, True),
        (2.0000019, 2.0, True),
        (2.0000021, 2.0, False),
        (3, 3.0000001, True),
        # Element-wise in arrays, at any depth.
        ([1.0000001, [2.0, -3.0000001]], [1.0, [2.0000001, -3.0]], True),
        ([1.0, 2.0], [1.0, 2.1], False),
        ([1.0], [1.0, 1.0], False),
        # Everything that is not a number is compared exactly.
        ("1.0", 1.0, False),
        (True, 1.0, False),
        (None, 0.0, False),
        (["a", 1.0000001], ["a", 1.0], True),
        (["a", 1.0], ["b", 1.0], False),
    ],
)
def test_float_allows_a_millionth_absolute_below_one_and_relative_above(
    got: Any, expected: Any, equal: bool
) -> None:
    assert same("float", got, expected) is equal


@pytest.mark.parametrize(
    ("got", "expected", "equal"),
    [
        ([[1, 2], [3]], [[3], [1, 2]], True),
        ([[2, 1], [3]], [[3], [1, 2]], False),  # the inner arrays keep their order
        ([1, 1, 2], [1, 2, 1], True),
        ([1, 1, 2], [1, 2, 2], False),
        ([1, 2], [1, 2, 2], False),
        ([1, 2.0], [2, 1.0], True),
        ([True], [1], False),
        ([], [], True),
        (None, None, True),
        (5, 5, True),
        ([1], None, False),
    ],
)
def test_unordered_ignores_the_order_of_the_outer_array_only(
    got: Any, expected: Any, equal: bool
) -> None:
    assert same("unordered", got, expected) is equal


@pytest.mark.parametrize(
    ("got", "expected", "equal"),
    [
        ([["eat", "tea"], ["bat"]], [["bat"], ["tea", "eat"]], True),
        ([[3, 1, 2], [0]], [[0], [1, 2, 3]], True),
        ([["a", "a", "b"]], [["b", "a", "a"]], True),
        ([["a", "a", "b"]], [["a", "b", "b"]], False),
        ([["a", "b"]], [["a"], ["b"]], False),
        ([["a"], ["a"]], [["a"]], False),
        ([["a"], ["a"]], [["a"], ["a"]], True),
        ([[], [1]], [[1], []], True),
        ([[1, "1"]], [["1", 1]], True),  # mixed element types sort without error
        ([[1, 2.0]], [[2, 1]], True),
        ([[[2, 1]]], [[[1, 2]]], False),  # only one level is sorted
        ([1, [2, 3]], [[3, 2], 1], True),  # a non-array element is an element
        (None, None, True),
    ],
)
def test_unordered_nested_ignores_the_order_of_the_outer_array_and_of_each_inner_one(
    got: Any, expected: Any, equal: bool
) -> None:
    assert same("unordered-nested", got, expected) is equal


@pytest.mark.parametrize(
    ("got", "expected", "equal"),
    [
        ([3, 1, 2], [1, 2, 3], True),
        ([1, 1, 2, 2], [2, 1], True),
        ([1, 2], [1, 2, 3], False),
        ([[1, 2], [1, 2]], [[1, 2]], True),
        ([[2, 1]], [[1, 2]], False),
        ([1.0], [1], True),
        ([], [], True),
        ([0], [False], False),
    ],
)
def test_set_ignores_order_and_repetition(got: Any, expected: Any, equal: bool) -> None:
    assert same("set", got, expected) is equal


@pytest.mark.parametrize(
    ("got", "expected", "equal"),
    [
        ([3, 9, 20, None, None, 15, 7], [3, 9, 20, None, None, 15, 7], True),
        ([1, None, 2], [1, None, 2, None, None], True),  # trailing nulls carry no node
        ([1, 2, None], [1, 2], True),
        ([1, 2], [1, None, 2], False),
        ([1, None, 2], [1, 2], False),
        ([], [], True),
        ([], [None], True),
        ([0], [], False),
        (None, None, True),
    ],
)
def test_tree_ignores_trailing_nulls(got: Any, expected: Any, equal: bool) -> None:
    assert same("tree", got, expected) is equal


@pytest.mark.parametrize(
    "comparator", ["exact", "float", "unordered", "unordered-nested", "set", "linkedlist", "tree"]
)
def test_a_void_step_matches_only_null(comparator: str) -> None:
    # One comparator serves every step of a sequence problem, void steps included.
    assert same(comparator, None, None)
    assert not same(comparator, 0, None)
    assert not same(comparator, [], None)


@pytest.mark.parametrize("comparator", ["validator:any_pair", "fuzzy", ""])
def test_comparators_it_cannot_run_are_refused(comparator: str) -> None:
    with pytest.raises(ValueError):
        comparators.compare(comparator, 1, 1)


def test_a_marked_invalid_result_equals_nothing() -> None:
    # serde turns an unreadable returned value into {"invalid": why}.
    invalid = {"invalid": "the returned list has a cycle"}
    for comparator in ("exact", "float", "unordered", "set", "linkedlist", "tree"):
        assert not same(comparator, invalid, [1, 2])
