"""The style tools by name, and which tool checks which language.

Evaluators name their style tool ("ruff", "checkstyle", "cppcheck", "eslint"); until they do,
LANGUAGE_TOOLS maps the language registry's ids to the tool names.
"""

from __future__ import annotations

from judging.style import checkstyle, cppcheck, eslint, ruff
from judging.style.tool import StyleTool

TOOLS: dict[str, StyleTool] = {
    t.name: t for t in (ruff.TOOL, checkstyle.TOOL, cppcheck.TOOL, eslint.TOOL)
}

LANGUAGE_TOOLS: dict[str, str] = {
    "python3": "ruff",
    "python": "ruff",
    "java": "checkstyle",
    "c": "cppcheck",
    "cpp": "cppcheck",
    "javascript": "eslint",
}


def tool_for(language_id: str) -> StyleTool | None:
    name = LANGUAGE_TOOLS.get(language_id)
    return TOOLS[name] if name is not None else None
