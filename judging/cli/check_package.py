"""`python -m judging check-package DIR [--json] [--time-limit S] [--all-tests]
                                     [--harnesses DIR] [--node-modules DIR]`

Judges every submission in the package's submissions/<expected>/ folders with the real
sandbox and compares what it gets with what the folder expects (see
judging/problem/submissions.py for the mapping to Mooshak's classifications). Prints the time
limit used and where it came from (for a calibrated limit: the measurement and whether the
cache answered), then a table.

Exit status: 0 all agree, 1 some disagree, 2 usage, 3 package or infrastructure error.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TextIO

from judging.classification import Classification
from judging.cli.kit import add_kit_options, kit_of
from judging.model import Problem
from judging.problem.calibration import CachingCalibrator, Calibration
from judging.problem.errors import PackageError
from judging.problem.package import load_package
from judging.problem.runner import PackageJudge
from judging.problem.submissions import PackageSubmission, ignored_folders, list_submissions

EXIT_AGREE, EXIT_DISAGREE, EXIT_USAGE, EXIT_ERROR = 0, 1, 2, 3


@dataclass(frozen=True)
class Row:
    submission: str  # e.g. "accepted/sum.c"
    expected: tuple[str, ...]
    got: str  # a classification, or why it was not judged
    agrees: bool | None  # None: not judged (several files, no language for it)
    cpu_ms: int = 0  # the slowest test's
    reason: str = ""
    infrastructure: bool = False  # the engine could not judge it (Requires Reevaluation)


@dataclass
class Outcome:
    problem: Problem
    calibration: Calibration | None
    rows: list[Row] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        if any(r.infrastructure for r in self.rows):
            return EXIT_ERROR
        return EXIT_DISAGREE if any(r.agrees is False for r in self.rows) else EXIT_AGREE


def check_package(
    directory: Path,
    calibrator: CachingCalibrator,
    *,
    time_limit: float | None = None,
    run_all_tests: bool = False,
    on_row: Callable[[Row], None] = lambda row: None,
) -> Outcome:
    """Load the package and judge its submissions; PackageError, SandboxUnavailable escape."""
    outcome = load(directory, calibrator, time_limit)
    return judge_submissions(outcome, directory, calibrator.judge, run_all_tests, on_row)


def load(directory: Path, calibrator: CachingCalibrator, time_limit: float | None) -> Outcome:
    problem = load_package(directory, time_limit_override=time_limit, calibrate=calibrator)
    calibration = calibrator.last if problem.time_limit_source == "calibrated" else None
    return Outcome(problem, calibration, ignored=ignored_folders(directory))


def judge_submissions(
    outcome: Outcome,
    directory: Path,
    judge: PackageJudge,
    run_all_tests: bool,
    on_row: Callable[[Row], None],
) -> Outcome:
    submissions = list_submissions(directory)
    if not submissions:
        raise PackageError("no submissions to check (submissions/accepted/ and the like)")
    for submission in submissions:
        row = _judge_one(judge, outcome.problem, submission, run_all_tests)
        outcome.rows.append(row)
        on_row(row)
    return outcome


def _judge_one(
    judge: PackageJudge, problem: Problem, submission: PackageSubmission, run_all_tests: bool
) -> Row:
    expected = tuple(c.value for c in sorted(submission.expected, key=lambda c: -c.severity))
    source = submission.single_file
    if source is None:
        return Row(submission.name, expected, "not judged: several files", None)
    if judge.language_for(source) is None:
        return Row(submission.name, expected, f"not judged: no language for {source.name}", None)
    report = judge.judge(source, problem, run_all_tests=run_all_tests)
    got = report.classification
    return Row(
        submission=submission.name,
        expected=expected,
        got=got.value,
        agrees=got in submission.expected,
        cpu_ms=max((t.cpu_ms for t in report.tests), default=0),
        reason=report.reason,
        infrastructure=got is Classification.REQUIRES_REEVALUATION,
    )


def main(argv: list[str]) -> int:
    """`argv` is what follows the command name."""
    from judging.sandbox import SandboxUnavailable  # here: only main needs the machine's sandbox

    try:
        args = _parser().parse_args(argv)
    except SystemExit as stop:  # argparse's own exit: 0 for --help, 2 for a usage error
        return stop.code if isinstance(stop.code, int) else EXIT_USAGE
    if args.time_limit is not None and args.time_limit <= 0:
        print("check-package: --time-limit must be a positive number of seconds", file=sys.stderr)
        return EXIT_USAGE
    directory = Path(args.directory)
    printer = _Printer(sys.stdout, as_json=args.json)
    calibrator = CachingCalibrator(kit=kit_of(args))
    try:
        outcome = load(directory, calibrator, args.time_limit)
        printer.loaded(outcome)
        judge_submissions(outcome, directory, calibrator.judge, args.all_tests, printer.row)
    except PackageError as exc:
        print(f"check-package: {directory}: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except SandboxUnavailable as exc:
        print(f"check-package: the sandbox is unavailable: {exc}", file=sys.stderr)
        return EXIT_ERROR
    printer.done(outcome, directory)
    return outcome.exit_code


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m judging check-package",
        description="Judge a problem package's own submissions and compare with their folders.",
    )
    parser.add_argument("directory", help="the problem package (a folder with problem.yaml)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--time-limit", type=float, metavar="S", help="use S seconds instead of the package's"
    )
    parser.add_argument(
        "--all-tests",
        action="store_true",
        help="run every test (default: stop at a submission's first failed test)",
    )
    add_kit_options(parser)
    return parser


class _Printer:
    """The table is printed row by row as submissions are judged; JSON all at the end."""

    def __init__(self, out: TextIO, *, as_json: bool) -> None:
        self.out, self.as_json = out, as_json

    def loaded(self, outcome: Outcome) -> None:
        if self.as_json:
            return
        print(describe_problem(outcome.problem), file=self.out)
        print(describe_time_limit(outcome.problem, outcome.calibration), file=self.out)
        print(f"\n{'submission':36} {'expected':36} {'got':24} {'cpu':>9}", file=self.out)

    def row(self, row: Row) -> None:
        if self.as_json:
            return
        mark = {True: "ok", False: "DISAGREE", None: "-"}[row.agrees]
        got = f"{row.got} ({row.reason})" if row.infrastructure and row.reason else row.got
        print(
            f"{row.submission:36} {' or '.join(row.expected):36} {got:24} "
            f"{row.cpu_ms:6} ms  {mark}",
            file=self.out,
            flush=True,
        )

    def done(self, outcome: Outcome, directory: Path) -> None:
        if self.as_json:
            json.dump(outcome_json(outcome, directory), self.out, indent=2)
            print(file=self.out)
            return
        print(file=self.out)
        for line in summary_lines(outcome):
            print(line, file=self.out)


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
    return (
        f"time limit {problem.time_limit_s:g} s, calibrated: slowest accepted run "
        f"{calibration.slowest_submission} {calibration.slowest_s:.3f} s (CPU / language "
        f"factor) {calibration.rule.describe()}; cache {calibration.cache_status} "
        f"({calibration.cache_path})"
    )


def summary_lines(outcome: Outcome) -> list[str]:
    rows = outcome.rows
    counts = [
        f"{sum(r.agrees is True for r in rows)} agree",
        f"{sum(r.agrees is False for r in rows)} disagree",
    ]
    skipped = sum(r.agrees is None for r in rows)
    if skipped:
        counts.append(f"{skipped} not judged")
    lines = [f"{len(rows)} submissions: " + ", ".join(counts)]
    if outcome.ignored:
        lines.append("ignored folders (no expected result): " + ", ".join(outcome.ignored))
    return lines


def outcome_json(outcome: Outcome, directory: Path) -> dict[str, Any]:
    problem, calibration = outcome.problem, outcome.calibration
    return {
        "package": str(directory),
        "problem": {"id": problem.id, "name": problem.name, "tests": len(problem.tests)},
        "validation": {"kind": problem.validation.kind, "flags": list(problem.validation.flags)},
        "time_limit": {
            "seconds": problem.time_limit_s,
            "source": problem.time_limit_source,
            "calibration": None if calibration is None else _calibration_json(calibration),
        },
        "submissions": [asdict(r) | {"expected": list(r.expected)} for r in outcome.rows],
        "ignored_folders": outcome.ignored,
        "agree": outcome.exit_code == EXIT_AGREE,
        "exit_code": outcome.exit_code,
    }


def _calibration_json(calibration: Calibration) -> dict[str, Any]:
    return {
        "slowest_s": calibration.slowest_s,
        "slowest_submission": calibration.slowest_submission,
        "rule": calibration.rule.describe(),
        "cache": calibration.cache_status,
        "cache_hit": calibration.cache_hit,
        "cache_path": str(calibration.cache_path),
        "package_hash": calibration.package_hash,
    }


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
