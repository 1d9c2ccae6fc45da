"""`judge --style [RULES]`: the submission's style report after the verdict, as the worker makes
it beside a judgement (judging/style/; docs/judging.md, "Style reports"). Only a report: the
verdict and the exit status are the judging's whatever the style says."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from judging.cli.table import format_table
from judging.sandbox.base import Sandbox
from judging.style import RULE_SETS, StyleFile, StyleKit, StyleReport, check_style


def add_style_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--style",
        nargs="?",
        const="default",
        choices=RULE_SETS,
        metavar="RULES",
        help=f"also print the style report, with a rule set ({', '.join(RULE_SETS)}; "
        "default: default)",
    )


def style_kit() -> StyleKit:
    """The tools that are not system packages, where the web app looks for them: the virtual
    environment's ruff (or JUIZ_RUFF), this checkout's node packages (eslint)."""
    from judging.kit import Kit

    ruff = Path(os.environ.get("JUIZ_RUFF") or Path(sys.prefix) / "bin" / "ruff")
    return StyleKit(ruff=ruff, node_modules=Kit.of_checkout().node_modules)


def style_report(
    sandbox: Sandbox, files: Sequence[StyleFile], language_id: str, rule_set: str
) -> StyleReport:
    return check_style(sandbox, files, language_id, rule_set, style_kit())


def style_text(report: StyleReport) -> str:
    """The style report's lines, printed after the verdict's."""
    head = f"Style:    {report.tool or '-'} ({report.rule_set})"
    if not report.available:
        return f"{head}: unavailable: {report.reason}"
    shown = f", {len(report.issues)} shown" if report.truncated else ""
    lines = [f"{head}: {report.total} issue(s){shown}"]
    if report.issues:
        header = ("place", "severity", "rule", "message")
        rows = [
            (f"{i.file}:{i.line}:{i.column}", i.severity, i.rule, i.message.splitlines()[0])
            for i in report.issues
        ]
        lines += ["", format_table(header, rows)]
    return "\n".join(lines)
