"""`python -m judging environments [--json] [--harnesses DIR] [--node-modules DIR]`

Lists every evaluator x environment (judging/evaluators/) with its capabilities, its version
and whether it is available on this host; an unavailable one says what is missing and how a
host gets it. `--json` prints a list of objects with `evaluator`, `environment`, `default`,
`name`, `capabilities`, `available`, `version`, `time_factor` and `reason`.

Exit status: 0 (an unavailable environment is a fact about the host, not a failure); 2 on
usage errors.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence

from judging.cli.kit import add_kit_options, kit_of
from judging.cli.table import format_table
from judging.evaluators.registry import EnvironmentStatus, statuses


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m judging environments",
        description="List every evaluator x environment and whether it is available here.",
    )
    p.add_argument("--json", action="store_true", help="print the list as JSON")
    add_kit_options(p)
    return p


def main(argv: list[str]) -> int:
    try:
        args = parser().parse_args(argv)
    except SystemExit as exit_:  # argparse: --help (0) or a usage error (2)
        return int(exit_.code or 0)
    found = statuses(kit_of(args))
    print(json.dumps([as_dict(s) for s in found], indent=2) if args.json else _table(found))
    return 0


def as_dict(status: EnvironmentStatus) -> dict[str, object]:
    return {
        "evaluator": status.evaluator.id,
        "environment": status.environment.id,
        "default": status.environment.id == status.evaluator.default_env,
        "name": status.environment.name,
        "capabilities": list(status.evaluator.capabilities),
        "style_tool": status.evaluator.style_tool,
        "available": status.available,
        "version": status.version,
        "time_factor": status.config.time_factor,
        "reason": status.reason,
    }


def _table(found: Sequence[EnvironmentStatus]) -> str:
    header = ("evaluator", "environment", "capabilities", "available", "version")
    rows = [
        (
            s.evaluator.id,
            s.environment.id + (" *" if s.environment.id == s.evaluator.default_env else ""),
            ",".join(s.evaluator.capabilities),
            "yes" if s.available else f"no: {s.reason}"[:90],
            s.version[:50],
        )
        for s in found
    ]
    return format_table(header, rows) + "\n* the evaluator's default environment"
