"""`python -m judging judge CASEFILE.json SOLUTION`: the judge command for function problems.

Same flags, output and exit codes as for problem packages (judge.py); the problem is a built
case file, as `python -m library build-cases` writes them (var/library/<id>.json), and a problem
judged by a validator needs its file: --validator library/<package>/validator.py.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from judging.classification import Classification
from judging.cli.kit import kit_of
from judging.cli.table import format_table, report_text
from judging.functions.casefile import FunctionProblem
from judging.languages.base import LanguageConfig
from judging.report import Report

EXIT_OK, EXIT_USAGE, EXIT_INFRA = 0, 2, 3


class CaseFileUsageError(Exception):
    """The case file cannot be used (the caller reports it as a usage error)."""


def is_case_file(path: Path) -> bool:
    return path.suffix == ".json" and not path.is_dir()


def load(path: Path, time_limit: float | None, validator: Path | None = None) -> FunctionProblem:
    """The case file, with the time limit and the validator file the command line gives."""
    from judging.functions import casefile

    if validator is not None and not validator.is_file():
        raise CaseFileUsageError(f"no validator file {validator}")
    try:
        problem = casefile.load(path)
    except casefile.CaseFileError as error:
        raise CaseFileUsageError(str(error)) from None
    if time_limit is not None:
        problem = dataclasses.replace(problem, time_limit_s=time_limit)
    return dataclasses.replace(problem, validator_file=validator)


def judge(
    args: argparse.Namespace,
    source: bytes,
    problem: FunctionProblem,
    languages: Sequence[LanguageConfig],
) -> int:
    from judging.engine import SubmissionFile, judge_function
    from judging.sandbox import SandboxError, SandboxUnavailable, make_sandbox

    try:
        sandbox = make_sandbox()
    except SandboxUnavailable as error:
        print(f"judge: the sandbox is unavailable: {error}", file=sys.stderr)
        return EXIT_INFRA
    except SandboxError as error:
        print(f"judge: the sandbox failed: {error}", file=sys.stderr)
        return EXIT_INFRA
    report = judge_function(
        SubmissionFile(args.source.name, source),
        problem,
        languages,
        sandbox,
        kit=kit_of(args),
        language_id=args.language,
    )
    if args.json:
        print(json.dumps(report.to_dict(), indent=2, ensure_ascii=False))
    else:
        print(format_report(report, problem))
    return EXIT_INFRA if report.classification is Classification.REQUIRES_REEVALUATION else EXIT_OK


def format_report(report: Report, problem: FunctionProblem) -> str:
    title = (
        f"{problem.id} ({problem.title}), function problem, time limit "
        f"{problem.time_limit_s:g} s for all {len(problem.cases)} cases"
    )
    return report_text(report, title, _cases_table(report) if report.tests else "")


def _cases_table(report: Report) -> str:
    header = ("case", "verdict", "ms", "message")
    rows = [
        (
            t.name,
            t.classification.icpc_code,
            str(t.wall_ms),
            t.checker_message.splitlines()[0][:80] if t.checker_message else "",
        )
        for t in report.tests
    ]
    return format_table(header, rows)
