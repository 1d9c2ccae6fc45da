"""A language's style tool is the one its evaluator declares (judging/languages), and every
declared name is a tool judging/style implements."""

from __future__ import annotations

from judging.evaluators import registry as evaluators
from judging.languages.evaluator import STYLE
from judging.style import TOOLS, tool_for, tool_name_for


def test_every_declared_style_tool_is_implemented() -> None:
    declared = {e.id: e.style_tool for e in evaluators.evaluators() if e.style_tool}
    assert declared, "no evaluator declares a style tool"
    assert set(declared.values()) <= set(TOOLS)


def test_the_style_capability_is_the_declared_tool() -> None:
    for evaluator in evaluators.evaluators():
        has_style = STYLE in evaluator.capabilities
        assert has_style == (tool_for(evaluator.id) is not None), evaluator.id


def test_languages_take_their_evaluators_tool() -> None:
    assert tool_name_for("python3") == "ruff"
    assert tool_name_for("java") == "checkstyle"
    assert tool_name_for("cpp") == tool_name_for("c") == "cppcheck"
    assert tool_name_for("javascript") == "eslint"
    assert tool_for("haskell") is None
    assert tool_for("answers") is None  # the submit-answer language has no evaluator
