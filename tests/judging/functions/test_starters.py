"""Starter code and signatures in every harness language name the parameters as the manifest's
`argNames` say, and guess readable distinct names when it has none."""

from __future__ import annotations

from typing import Any

import pytest

from judging.functions import starters
from judging.functions.starters.members import members, parameter_names

LANGUAGES = ("python3", "java", "javascript", "typescript", "cpp")
FUNCTION: dict[str, Any] = {
    "id": "pair",
    "kind": "function",
    "entry": "findPair",
    "argTypes": ["int[]", "int"],
    "returnType": "int[]",
    "comparator": "exact",
}
SEQUENCE: dict[str, Any] = {
    "id": "store",
    "kind": "sequence",
    "class": "Store",
    "comparator": "exact",
    "methods": {
        "constructor": {"argTypes": ["int"], "argNames": ["capacity"]},
        "put": {"argTypes": ["int", "int"], "argNames": ["key", "value"], "returnType": "void"},
    },
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_given_names_are_used_everywhere(language: str) -> None:
    named = {**FUNCTION, "argNames": ["numbers", "goal"]}
    for text in (starters.starter(named, language), starters.signature(named, language)):
        assert "numbers" in text and "goal" in text, text
    for text in (starters.starter(SEQUENCE, language), starters.signature(SEQUENCE, language)):
        assert all(name in text for name in ("capacity", "key", "value")), text


@pytest.mark.parametrize("language", LANGUAGES)
def test_without_names_they_are_guessed_from_the_types(language: str) -> None:
    text = starters.signature(FUNCTION, language)
    assert "nums" in text and "goal" not in text, text


def test_guessed_names_are_distinct() -> None:
    assert parameter_names(["int", "int", "TreeNode"]) == ["n", "n2", "root"]
    assert parameter_names(["int"], ["count"]) == ["count"]


def test_a_sequence_lists_its_constructor_first() -> None:
    names = [
        m.name
        for m in members({**SEQUENCE, "methods": dict(reversed(SEQUENCE["methods"].items()))})
    ]
    assert names == ["constructor", "put"]
