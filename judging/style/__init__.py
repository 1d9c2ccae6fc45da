"""Style reports: a linter per language, run in the sandbox beside the judging, whose findings
go next to the verdict and never change it (docs/judging.md, "Style").

    report = check_style(sandbox, files, "python3", "default", StyleKit(ruff=..., node_modules=...))

One module per tool (ruff, checkstyle, cppcheck, eslint) says how it starts and how its output
reads; registry.py keys them by name and finds a language's through its evaluator; run.py
runs one in a box.
"""

from __future__ import annotations

from judging.style.registry import TOOLS, tool_for, tool_name_for
from judging.style.report import StyleIssue, StyleReport
from judging.style.run import StyleFile, check_style
from judging.style.tool import RULE_SETS, StyleKit

__all__ = [
    "RULE_SETS",
    "TOOLS",
    "StyleFile",
    "StyleIssue",
    "StyleKit",
    "StyleReport",
    "check_style",
    "tool_for",
    "tool_name_for",
]
