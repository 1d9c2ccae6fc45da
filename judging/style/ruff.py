"""Python: ruff (the virtual environment's binary, shown to the box as one file).

`default` is pycodestyle's errors and pyflakes (likely bugs: unused names, undefined names);
`strict` adds naming, bugbear, simplifications and ruff's preview rules (pycodestyle's
whitespace checks are preview rules in ruff). The JSON format gives one object per issue.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from judging.sandbox.base import Mount
from judging.style.report import Severity, StyleIssue
from judging.style.tool import StyleKit, StyleTool, ToolOutputError, in_box, integer, rule_file

RUFF_IN_BOX = "/opt/juiz-style/bin/ruff"


def command(rule_set: str, files: Sequence[str]) -> list[str]:
    config = rule_file(f"ruff-{rule_set}.toml")
    # --no-cache: the box's work directory is read-only; --config: only Juiz's rules count,
    # never a pyproject.toml a team sends along.
    return [
        RUFF_IN_BOX,
        "check",
        "--no-cache",
        "--config",
        config,
        "--output-format",
        "json",
        *files,
    ]


def parse(stdout: bytes, stderr: bytes) -> list[StyleIssue]:
    try:
        items = json.loads(stdout)
    except ValueError as error:
        raise ToolOutputError(f"ruff printed no JSON: {error}") from None
    if not isinstance(items, list):
        raise ToolOutputError("ruff printed JSON that is not a list")
    return [_issue(item) for item in items if isinstance(item, dict)]


def _issue(item: dict[str, object]) -> StyleIssue:
    location = item.get("location")
    where = location if isinstance(location, dict) else {}
    code = str(item.get("code") or "invalid-syntax")
    return StyleIssue(
        file=in_box(str(item.get("filename", ""))),
        line=integer(where.get("row")),
        column=integer(where.get("column")),
        rule=code,
        message=str(item.get("message", "")),
        severity=_severity(code),
    )


def _severity(code: str) -> Severity:
    """Pyflakes' findings (F) and syntax errors are likely bugs; the rest is style."""
    return "error" if code.startswith(("F", "E9", "invalid-syntax")) else "warning"


def _missing(kit: StyleKit) -> str | None:
    if kit.ruff is None or not kit.ruff.is_file():
        return f"ruff is not installed (looked for {kit.ruff or 'a ruff binary'})"
    return None


def _mounts(kit: StyleKit) -> tuple[Mount, ...]:
    return (Mount(kit.ruff, RUFF_IN_BOX),) if kit.ruff is not None else ()


TOOL = StyleTool(
    name="ruff",
    extensions=("py",),
    command=command,
    parse=parse,
    missing=_missing,
    mounts=_mounts,
)
