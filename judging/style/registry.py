"""The style tools by name, and which tool checks which language: the one its evaluator
declares (judging/languages: `Evaluator.style_tool`, "ruff", "checkstyle", "cppcheck",
"eslint"), so the evaluator registry is the one place that says it."""

from __future__ import annotations

from judging.evaluators import registry as evaluators
from judging.evaluators.registry import UnknownEnvironment
from judging.style import checkstyle, cppcheck, eslint, ruff
from judging.style.tool import StyleTool

TOOLS: dict[str, StyleTool] = {
    t.name: t for t in (ruff.TOOL, checkstyle.TOOL, cppcheck.TOOL, eslint.TOOL)
}


def tool_name_for(language_id: str) -> str:
    """The style tool the language's evaluator declares ("" when none, or no evaluator)."""
    try:
        return evaluators.get(language_id).style_tool
    except UnknownEnvironment:
        return ""


def tool_for(language_id: str) -> StyleTool | None:
    return TOOLS.get(tool_name_for(language_id))
