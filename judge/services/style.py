"""Storing a judgement's style report (judge/jobs/style.py makes it)."""

from __future__ import annotations

from dataclasses import asdict

from judge.models import Judgement, StyleCheck
from judging.style import StyleReport


def store_style(judgement: Judgement, report: StyleReport | None) -> None:
    """Keep the report with its judgement, replacing an earlier attempt's; None (no style
    asked) removes one an earlier attempt stored under other settings."""
    if report is None:
        StyleCheck.objects.filter(judgement=judgement).delete()
        return
    StyleCheck.objects.update_or_create(
        judgement=judgement,
        defaults={
            "tool": report.tool,
            "rule_set": report.rule_set,
            "available": report.available,
            "reason": report.reason,
            "issues": [asdict(i) for i in report.issues],
            "total": report.total,
            "cpu_ms": report.cpu_ms,
            "wall_ms": report.wall_ms,
        },
    )
