"""check-package's output: a table printed row by row as submissions are judged, or one JSON
object at the end (`--json`, for tools)."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any, TextIO

from judging.model import Problem
from judging.problem.calibration import Calibration
from judging.problem.checking import EXIT_AGREE, Outcome, Row

_HEADER = f"{'submission':34} {'expected':30} {'from':16} {'got':5} {'time':>6}  result"


class Printer:
    def __init__(self, out: TextIO, *, as_json: bool) -> None:
        self.out, self.as_json = out, as_json

    def loaded(self, outcome: Outcome) -> None:
        if self.as_json:
            return
        for line in header_lines(outcome):
            print(line, file=self.out)
        print(f"\n{_HEADER}", file=self.out)

    def row(self, row: Row) -> None:
        if not self.as_json:
            print(row_line(row), file=self.out, flush=True)

    def done(self, outcome: Outcome, directory: Path) -> None:
        if self.as_json:
            json.dump(outcome_json(outcome, directory), self.out, indent=2)
            print(file=self.out)
            return
        print(file=self.out)
        for line in summary_lines(outcome):
            print(line, file=self.out)


def header_lines(outcome: Outcome) -> list[str]:
    if outcome.problem is None:
        return [f"cannot judge yet: {outcome.unjudgeable}"]
    lines = [
        describe_problem(outcome.problem),
        describe_time_limit(outcome.problem, outcome.calibration),
    ]
    margin, name = outcome.margin
    if name:
        lines.append(f"safety margin x {margin:g} ({name})")
    return lines


def row_line(row: Row) -> str:
    if row.not_judged:
        result, got, time = f"cannot judge yet: {row.not_judged}", "-", "-"
    else:
        got = row.verdict if row.score is None else f"{row.verdict} {row.score:g}"
        time = f"{row.time_fraction:.2f}" if row.time_fraction is not None else "-"
        result = _mark(row)
    expected = row.expected if len(row.expected) <= 30 else row.expected[:29] + "…"
    return f"{row.submission:34} {expected:30} {row.source:16} {got:5} {time:>6}  {result}"


def _mark(row: Row) -> str:
    if row.infrastructure:
        return f"JUDGE ERROR ({row.reason})"
    if row.deliberate:
        return (
            "ok: does not match its folder, as its .bad. name says"
            if row.ok
            else ("DISAGREE: a .bad. submission that matches its folder")
        )
    return "ok" if row.agrees else f"DISAGREE: {row.reason}"


def describe_problem(problem: Problem) -> str:
    samples = sum(1 for t in problem.tests if t.sample)
    flags = " ".join(problem.validation.flags)
    validation = problem.validation.kind + (f" ({flags})" if flags else "")
    return (
        f"{problem.id}: {problem.name!r}, {len(problem.tests)} tests ({samples} sample), "
        f"validation {validation}"
    )


def describe_time_limit(problem: Problem, calibration: Calibration | None) -> str:
    if calibration is None:
        return f"time limit {problem.time_limit_s:g} s, from {problem.time_limit_source}"
    text = (
        f"time limit {problem.time_limit_s:g} s, calibrated: slowest run "
        f"{calibration.slowest_submission} {calibration.slowest_s:.3f} s (CPU / language "
        f"factor) {calibration.rule.describe()}; cache {calibration.cache_status} "
        f"({calibration.cache_path})"
    )
    if calibration.skipped:
        text += "\n  not used for the time limit: " + "; ".join(
            f"{name} ({why})" for name, why in calibration.skipped
        )
    return text


def summary_lines(outcome: Outcome) -> list[str]:
    rows = outcome.rows
    judged = [r for r in rows if r.agrees is not None]
    counts = [
        f"{len(judged)} judged",
        f"{sum(r.ok is True for r in judged)} as expected",
        f"{sum(r.ok is False for r in judged)} disagree",
    ]
    lines = [f"{len(rows)} submissions: " + ", ".join(counts)]
    reasons: dict[str, int] = {}
    for row in rows:
        if row.not_judged:
            why = reason_kind(row.not_judged)
            reasons[why] = reasons.get(why, 0) + 1
    if reasons:
        lines.append("cannot judge yet: " + "; ".join(f"{n} {why}" for why, n in reasons.items()))
    if outcome.skipped:
        lines.append("not submissions: " + "; ".join(f"{n} ({w})" for n, w in outcome.skipped))
    return lines


def reason_kind(why: str) -> str:
    """A reason without its details, to count alike ones together: "language not installed"."""
    return why.split(" (")[0]


def outcome_json(outcome: Outcome, directory: Path) -> dict[str, Any]:
    problem, calibration = outcome.problem, outcome.calibration
    return {
        "package": str(directory),
        "cannot_judge_yet": outcome.unjudgeable or None,
        "problem": None if problem is None else _problem_json(problem, calibration),
        "safety_margin": {"factor": outcome.margin[0], "key": outcome.margin[1]},
        "submissions": [asdict(r) | {"ok": r.ok} for r in outcome.rows],
        "not_submissions": [{"name": n, "why": w} for n, w in outcome.skipped],
        "agree": outcome.exit_code == EXIT_AGREE,
        "exit_code": outcome.exit_code,
    }


def _problem_json(problem: Problem, calibration: Calibration | None) -> dict[str, Any]:
    return {
        "id": problem.id,
        "name": problem.name,
        "tests": len(problem.tests),
        "validation": {"kind": problem.validation.kind, "flags": list(problem.validation.flags)},
        "time_limit": {
            "seconds": problem.time_limit_s,
            "source": problem.time_limit_source,
            "calibration": None if calibration is None else _calibration_json(calibration),
        },
    }


def _calibration_json(calibration: Calibration) -> dict[str, Any]:
    return {
        "slowest_s": calibration.slowest_s,
        "slowest_submission": calibration.slowest_submission,
        "rule": calibration.rule.describe(),
        "used": [{"submission": n, "seconds": t} for n, t in calibration.used],
        "skipped": [{"submission": n, "why": w} for n, w in calibration.skipped],
        "cache": calibration.cache_status,
        "cache_hit": calibration.cache_hit,
        "cache_path": str(calibration.cache_path),
        "package_hash": calibration.package_hash,
    }
