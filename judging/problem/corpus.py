"""check-package over a corpus of packages (sets of packages, each a folder of problem
folders, as ../shared/conformance/ is) and the agreement table per set.

A package that Juiz refuses (a PackageError) is reported with its message; anything else that
escapes is a crash, reported with its traceback, never raised: one broken package must not
hide the others' results.
"""

from __future__ import annotations

import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from judging.problem.calibration import CachingCalibrator
from judging.problem.checking import Outcome, Row, check_package
from judging.problem.errors import PackageError


@dataclass
class PackageResult:
    set: str
    package: str
    rows: list[Row] = field(default_factory=list)
    refused: str = ""  # the PackageError's message
    unjudgeable: str = ""  # the kind of problem Juiz cannot judge yet
    crash: str = ""  # a traceback
    seconds: float = 0.0

    @property
    def disagreements(self) -> list[Row]:
        return [r for r in self.rows if r.ok is False]


@dataclass
class SetSummary:
    name: str
    packages: int = 0
    submissions: int = 0
    judged: int = 0
    agree: int = 0
    cannot: Counter[str] = field(default_factory=Counter)
    refused: list[str] = field(default_factory=list)  # "package: message"


def packages_of(root: Path) -> Iterator[tuple[str, Path]]:
    """(set name, package folder) for every folder with a problem.yaml, two levels down."""
    for problem_yaml in sorted(root.glob("*/*/problem.yaml")):
        yield problem_yaml.parent.parent.name, problem_yaml.parent


def check_one(set_name: str, package: Path, calibrator: CachingCalibrator) -> PackageResult:
    import time

    result = PackageResult(set_name, package.name)
    started = time.monotonic()
    try:
        outcome: Outcome = check_package(package, calibrator)
        result.rows, result.unjudgeable = outcome.rows, outcome.unjudgeable
    except PackageError as exc:
        result.refused = str(exc)
    except Exception:  # a crash is a result here, so the other packages still run
        result.crash = traceback.format_exc()
    result.seconds = round(time.monotonic() - started, 1)
    return result


def check_corpus(
    root: Path,
    calibrator: CachingCalibrator,
    on_package: Callable[[PackageResult], None] = lambda result: None,
) -> list[PackageResult]:
    results = []
    for set_name, package in packages_of(root):
        result = check_one(set_name, package, calibrator)
        results.append(result)
        on_package(result)
    return results


def summarise(results: list[PackageResult]) -> list[SetSummary]:
    sets: dict[str, SetSummary] = {}
    for result in results:
        summary = sets.setdefault(result.set, SetSummary(result.set))
        summary.packages += 1
        if result.refused or result.crash:
            why = result.refused or "CRASH"
            summary.refused.append(f"{result.package}: {why.splitlines()[-1]}")
        for row in result.rows:
            summary.submissions += 1
            if row.not_judged:
                summary.cannot[row.not_judged.split(" (")[0]] += 1
            else:
                summary.judged += 1
                summary.agree += row.ok is True
    return list(sets.values())


def table(summaries: list[SetSummary]) -> str:
    lines = [
        "| set | packages | submissions | judged | agree | cannot judge yet (reasons) "
        "| packages refused |",
        "|---|---|---|---|---|---|---|",
    ]
    for s in summaries:
        reasons = ", ".join(f"{why}: {n}" for why, n in s.cannot.most_common()) or "-"
        refused = "; ".join(s.refused) or "-"
        lines.append(
            f"| {s.name} | {s.packages} | {s.submissions} | {s.judged} | {s.agree} "
            f"| {reasons} | {refused} |"
        )
    return "\n".join(lines)
