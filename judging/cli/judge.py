"""`python -m judging judge PROBLEM SOURCE [--language ID] [--time-limit S] [--json]
                                          [--style [RULES]]
                                          [--harnesses DIR] [--node-modules DIR]`

Judges SOURCE against the Kattis package directory PROBLEM in the real sandbox and prints the
report: a table, or with --json the Report as one JSON object (Report.to_dict()). --style
also runs the language's style tool with a rule set (cli/style.py) and prints its report after
the verdict (with --json: the object's "style", StyleReport.to_dict()). PROBLEM may
also be a function problem's built case file (var/library/<id>.json; see judge_function.py),
with --validator FILE when a validator judges it. The harnesses and node tools (tsc) are this
checkout's unless --harnesses / --node-modules say.

Exit status: 0 when a judgement was produced (whatever the verdict); 2 on usage errors,
including a PROBLEM that is not a usable package; 3 when the judge itself could not work
(sandbox unavailable, or the judgement requires reevaluation).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from judging.classification import Classification
from judging.cli import judge_function
from judging.cli.kit import add_kit_options, kit_of
from judging.cli.style import add_style_option, style_report, style_text
from judging.cli.table import format_table, report_text
from judging.kit import Kit
from judging.languages.base import LanguageConfig
from judging.model import Problem
from judging.report import Report, TestReport
from judging.sandbox.base import Sandbox
from judging.style import StyleFile, StyleReport
from judging.submission import Submission, SubmissionFile

EXIT_OK, EXIT_USAGE, EXIT_INFRA = 0, 2, 3


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{message}\n{self.format_usage().strip()}")


def parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="python -m judging judge",
        description="Judge a source file against a Kattis problem package.",
        epilog="Exit status: 0 judged (any verdict), 2 usage or package error, "
        "3 sandbox unavailable or Requires Reevaluation.",
    )
    p.add_argument(
        "problem", type=Path, help="problem package directory, or a function problem's case file"
    )
    p.add_argument(
        "source", type=Path, help="the submission's source file, or a directory of its files"
    )
    p.add_argument("--language", help="language id (default: from the file extension)")
    p.add_argument(
        "--entrypoint", help="the file (Java: class) that starts a submission of several files"
    )
    p.add_argument("--time-limit", type=float, metavar="S", help="override the time limit")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument(
        "--stop-at-first-failure",
        action="store_true",
        help="skip the tests after the first one not accepted (default: run them all)",
    )
    p.add_argument(
        "--validator",
        type=Path,
        metavar="FILE",
        help="the validator file of a function problem judged by one (validate(args, got))",
    )
    add_style_option(p)
    add_kit_options(p)
    return p


def main(argv: list[str]) -> int:
    try:
        args = parser().parse_args(argv)
        return _judge(args)
    except UsageError as error:
        print(f"judge: {error}", file=sys.stderr)
        return EXIT_USAGE


def _judge(args: argparse.Namespace) -> int:
    from judging.languages.registry import all_languages
    from judging.sandbox import SandboxError, SandboxUnavailable, make_sandbox

    languages = [lang for lang in all_languages() if lang.enabled]
    source = b"" if args.source.is_dir() else _read_source(args.source)
    _check_language(args.language, languages)
    if args.time_limit is not None and args.time_limit <= 0:
        raise UsageError("--time-limit must be positive")
    if judge_function.is_case_file(args.problem):
        if args.source.is_dir():
            raise UsageError("a function problem's solution is one file, not a directory")
        if args.style is not None:
            raise UsageError("--style judges packages only, not a function problem's case file")
        return _judge_function(args, source, languages)
    try:
        # Without a time limit the package is calibrated, which runs its submissions.
        problem = _load_problem(args.problem, args.time_limit, kit_of(args))
        sandbox = make_sandbox()
    except SandboxUnavailable as error:
        print(f"judge: the sandbox is unavailable: {error}", file=sys.stderr)
        return EXIT_INFRA
    except SandboxError as error:
        print(f"judge: the sandbox failed: {error}", file=sys.stderr)
        return EXIT_INFRA
    submission = _submission(args, source, problem)
    report = _run(args, submission, problem, languages, sandbox)
    style = None
    if args.style is not None and report.language:
        files = [StyleFile(f.filename, f.source) for f in submission.files]
        style = style_report(sandbox, files, report.language, args.style)
    _print(report, problem, args.json, style)
    return EXIT_INFRA if report.classification is Classification.REQUIRES_REEVALUATION else EXIT_OK


def _judge_function(
    args: argparse.Namespace, source: bytes, languages: Sequence[LanguageConfig]
) -> int:
    try:
        problem = judge_function.load(args.problem, args.time_limit, args.validator)
    except judge_function.CaseFileUsageError as error:
        raise UsageError(f"case file {args.problem}: {error}") from None
    return judge_function.judge(args, source, problem, languages)


def _read_source(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror or error}") from None


def _check_language(language_id: str | None, languages: Sequence[LanguageConfig]) -> None:
    if language_id is not None and all(lang.id != language_id for lang in languages):
        known = ", ".join(lang.id for lang in languages)
        raise UsageError(f"unknown language {language_id!r} (known: {known})")


def _load_problem(directory: Path, time_limit: float | None, kit: Kit) -> Problem:
    from judging.problem.calibration import CachingCalibrator
    from judging.problem.errors import PackageError
    from judging.problem.package import load_package

    if not directory.is_dir():
        raise UsageError(f"{directory} is not a directory (a problem package is expected)")
    try:
        calibrate = CachingCalibrator(kit=kit)  # it judges the package's own submissions
        return load_package(directory, time_limit_override=time_limit, calibrate=calibrate)
    except PackageError as error:
        raise UsageError(f"problem package {directory}: {error}") from None


def _submission(args: argparse.Namespace, source: bytes, problem: Problem) -> Submission:
    from judging.problem.package_submission import package_submission

    try:
        if args.source.is_dir():
            return package_submission(args.source, problem)
    except ValueError as error:
        raise UsageError(f"{args.source}: {error}") from None
    return Submission.of(SubmissionFile(args.source.name, source))


def _run(
    args: argparse.Namespace,
    submission: Submission,
    problem: Problem,
    languages: Sequence[LanguageConfig],
    sandbox: Sandbox,
) -> Report:
    from judging.engine import JudgeOptions, judge

    progress = _progress if not args.json and sys.stderr.isatty() else None
    return judge(
        submission,
        problem,
        languages,
        sandbox,
        kit=kit_of(args),
        options=JudgeOptions(run_all_tests=not args.stop_at_first_failure),
        progress=progress,
        language_id=args.language,
        entrypoint=args.entrypoint,
    )


def _progress(done: int, total: int) -> None:
    print(f"\rtest {done}/{total}", end="" if done < total else "\n", file=sys.stderr)


def _print(report: Report, problem: Problem, as_json: bool, style: StyleReport | None) -> None:
    if as_json:
        found = report.to_dict()
        if style is not None:
            found["style"] = style.to_dict()
        print(json.dumps(found, indent=2, ensure_ascii=False))
        return
    print(format_report(report, problem))
    if style is not None:
        print("\n" + style_text(style))


def format_report(report: Report, problem: Problem) -> str:
    title = (
        f"{problem.id} ({problem.name}), time limit {problem.time_limit_s:g} s "
        f"({problem.time_limit_source})"
    )
    return report_text(report, title, _tests_table(report) if report.tests else "")


def _tests_table(report: Report) -> str:
    header = ("test", "verdict", "CPU ms", "wall ms", "mem KiB", "exit", "message")
    rows = [
        (
            t.name,
            t.classification.icpc_code,
            str(t.cpu_ms),
            str(t.wall_ms),
            str(t.memory_kib),
            _exit(t),
            t.checker_message.splitlines()[0][:60] if t.checker_message else "",
        )
        for t in report.tests
    ]
    return format_table(header, rows)


def _exit(test: TestReport) -> str:
    if test.signal is not None:
        return f"sig {test.signal}"
    return "-" if test.exit_code is None else str(test.exit_code)
