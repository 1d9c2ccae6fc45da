"""A style report: what a style tool said of a submission, in one shape whatever the tool.

It sits next to the verdict and never changes it. A tool that is missing, fails or times out
gives a report with `available=False` and the reason ("style unavailable"), never an error.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any, Literal

Severity = Literal["error", "warning", "info"]
SEVERITIES: tuple[Severity, ...] = ("error", "warning", "info")

MAX_ISSUES = 200  # kept per report; `total` still counts them all
MESSAGE_CHARS = 300  # a message longer than this is cut (checkstyle's can run long)
FIELD_CHARS = 120  # file and rule names


@dataclass(frozen=True)
class StyleIssue:
    file: str  # relative to the submission's folder, e.g. "Main.java"
    line: int
    column: int  # 1-based; 0 when the tool gives none
    rule: str  # the tool's own id: "E401", "NeedBraces", "uninitvar", "no-unused-vars"
    message: str
    severity: Severity


@dataclass(frozen=True)
class StyleReport:
    tool: str  # "ruff", "checkstyle", "cppcheck", "eslint"; "" when no tool fits the language
    rule_set: str
    available: bool
    issues: Sequence[StyleIssue] = ()
    total: int = 0  # issues found, of which `issues` holds at most MAX_ISSUES
    reason: str = ""  # why the style is unavailable
    cpu_ms: int = 0
    wall_ms: int = 0

    @property
    def truncated(self) -> bool:
        return self.total > len(self.issues)

    def counts(self) -> dict[str, int]:
        """Issues kept, by severity (the summary line of the pages)."""
        return {s: sum(1 for i in self.issues if i.severity == s) for s in SEVERITIES}

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["issues"] = [asdict(i) for i in self.issues]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> StyleReport:
        issues = tuple(StyleIssue(**i) for i in data.get("issues", ()))
        return cls(**{**data, "issues": issues})


def unavailable(tool: str, rule_set: str, reason: str) -> StyleReport:
    return StyleReport(tool=tool, rule_set=rule_set, available=False, reason=reason)


def found(tool: str, rule_set: str, issues: Sequence[StyleIssue], **usage: Any) -> StyleReport:
    """A tool's issues, sorted by place and capped (both in count and in text)."""
    ordered = sorted(issues, key=lambda i: (i.file, i.line, i.column, i.rule))
    kept = tuple(_capped(i) for i in ordered[:MAX_ISSUES])
    return StyleReport(tool, rule_set, True, kept, total=len(ordered), **usage)


def _capped(issue: StyleIssue) -> StyleIssue:
    return StyleIssue(
        file=_cut(issue.file, FIELD_CHARS),
        line=max(issue.line, 0),
        column=max(issue.column, 0),
        rule=_cut(issue.rule, FIELD_CHARS),
        message=_cut(issue.message, MESSAGE_CHARS),
        severity=issue.severity,
    )


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
