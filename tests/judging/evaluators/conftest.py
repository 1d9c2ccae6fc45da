"""The suite's closing line: which evaluator x environment pairs this host runs, and why the
others are unavailable (seed 003: "it says which were unavailable and why")."""

from __future__ import annotations

import pytest

from judging.evaluators import registry
from judging.kit import Kit
from tests.judging.evaluators.env_map import ENV_MAP


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    ran, missing = [], []
    kit = Kit.of_checkout()
    for evaluator_id, environments in ENV_MAP.items():
        evaluator = registry.get(evaluator_id)
        for environment_id in environments:
            env = registry.environment(evaluator, environment_id)
            status = registry.availability(evaluator, env, kit)
            label = f"{evaluator_id}@{environment_id}"
            (ran if not status else missing).append(f"{label} ({status})" if status else label)
    terminalreporter.write_sep("-", "evaluator x environment")
    terminalreporter.write_line(f"available here ({len(ran)}): {', '.join(ran)}")
    terminalreporter.write_line(f"unavailable ({len(missing)}): {', '.join(missing) or 'none'}")
