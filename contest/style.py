"""Which rule set a problem's submissions get their style report with (contest/models/style.py
holds the settings; judging/style the tools and rule sets)."""

from __future__ import annotations

from contest.models import Problem, StyleRules


def style_rule_set(problem: Problem) -> str | None:
    """The problem's own setting, else its contest's; None: no style report."""
    chosen = problem.style_rules or problem.contest.style_rules
    return None if chosen == StyleRules.OFF else str(chosen)
