"""`python -m judging check-package DIR [--json] [--time-limit S] [--all-tests]
                                     [--harnesses DIR] [--node-modules DIR]`

The problem setter's check: judges every submission of the package with the real sandbox and
compares what Juiz gets with what the package expects of it (judging/problem/submissions.py:
a DOMjudge annotation, submissions.yaml, or the folder, as the format version reads it). For
each submission it shows the expected result and where it comes from, what Juiz got, agree or
disagree, and the slowest test's CPU time as a fraction of the limit; what it cannot judge yet
(an interactive, multi-pass, scoring or submit-answer problem, a
language not installed...) it lists with the reason.

Exit status: 0 every judgeable submission agrees, 1 some disagree, 2 usage, 3 package or
infrastructure error.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from judging.cli.kit import add_kit_options, kit_of
from judging.cli.package_report import (
    Printer,
    describe_time_limit,
    outcome_json,
    summary_lines,
)
from judging.problem.calibration import CachingCalibrator
from judging.problem.checking import (
    EXIT_AGREE,
    EXIT_DISAGREE,
    EXIT_ERROR,
    EXIT_USAGE,
    Outcome,
    Row,
    check_package,
    judge_submissions,
    load,
)
from judging.problem.errors import PackageError

__all__ = [
    "EXIT_AGREE",
    "EXIT_DISAGREE",
    "EXIT_ERROR",
    "EXIT_USAGE",
    "Outcome",
    "Row",
    "check_package",
    "describe_time_limit",
    "judge_submissions",
    "main",
    "outcome_json",
    "summary_lines",
]


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
    printer = Printer(sys.stdout, as_json=args.json)
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
        description="Judge a problem package's own submissions and compare with what each "
        "is expected to get.",
    )
    parser.add_argument("directory", help="the problem package (a folder with problem.yaml)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--time-limit", type=float, metavar="S", help="use S seconds instead of the package's"
    )
    parser.add_argument(
        "--all-tests",
        action="store_true",
        help="run every test (default: stop at a submission's first failed test, and judge "
        "every test again only when a rule is left undecided)",
    )
    add_kit_options(parser)
    return parser


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
