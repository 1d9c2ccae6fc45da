"""Judging a package's own submissions with the real engine (for calibration and check-package).

PackageJudge is the seam: calibration and check-package only need "judge this file against
this problem" and "what is this file's language time factor", so their logic is unit-tested
without a sandbox while the real path goes through EngineJudge.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from judging.kit import Kit
from judging.languages.base import LanguageConfig
from judging.model import Problem
from judging.problem.expectations import CaseVerdict
from judging.problem.submissions import PackageSubmission
from judging.problem.verdicts import test_code
from judging.report import Report
from judging.sandbox.base import Sandbox


class PackageJudge(Protocol):
    def judge(
        self,
        source: Path,
        problem: Problem,
        *,
        run_all_tests: bool,
        language: str = "",
        entrypoint: str = "",
    ) -> Report: ...

    def language_for(self, source: Path, language: str = "") -> LanguageConfig | None: ...


@dataclass
class EngineJudge:
    """The engine with a language list and a sandbox, as a worker would judge."""

    languages: Sequence[LanguageConfig]
    sandbox: Sandbox
    kit: Kit | None = None  # TypeScript's tsc and declarations (judging/kit.py)

    @classmethod
    def default(cls, kit: Kit | None = None) -> EngineJudge:
        """The registry's enabled languages whose toolchains exist, and the machine's sandbox."""
        # Imported here so that reading a package never needs the sandbox or the compilers.
        from judging.languages.registry import all_languages, is_available
        from judging.sandbox import make_sandbox

        # make_sandbox raises SandboxUnavailable on a machine that cannot isolate programs.
        languages = [lang for lang in all_languages() if lang.enabled and is_available(lang)]
        return cls(languages=languages, sandbox=make_sandbox(), kit=kit)

    def language_for(self, source: Path, language: str = "") -> LanguageConfig | None:
        """The installed language named `language` (submissions.yaml's code, which is Juiz's
        id for the languages both know), else the one of the file's extension, or for a
        directory the one language of its files."""
        from judging.languages.entry import EntryError, detect_language
        from judging.languages.registry import for_filename

        if language:
            return next((lang for lang in self.languages if lang.id == language), None)
        if not source.is_dir():
            return for_filename(source.name, self.languages)
        names = [p.name for p in source.rglob("*") if p.is_file()]
        try:  # a submission of several files: the one language of its files
            return detect_language(names, self.languages)
        except EntryError:
            return None

    def judge(
        self,
        source: Path,
        problem: Problem,
        *,
        run_all_tests: bool,
        language: str = "",
        entrypoint: str = "",
    ) -> Report:
        """Judge the file or directory `source`; `language` and `entrypoint` are
        submissions.yaml's (or submissions.json's), else the engine chooses."""
        from judging.engine import JudgeOptions, judge
        from judging.problem.package_submission import package_submission

        # The language is chosen here, not by the engine, so that it is the same one whose time
        # factor calibration divides by.
        chosen = self.language_for(source, language)
        return judge(
            package_submission(source, problem),  # a file or a directory, constants applied
            problem,
            self.languages,
            self.sandbox,
            kit=self.kit,
            options=JudgeOptions(run_all_tests=run_all_tests),
            language_id=chosen.id if chosen else None,
            entrypoint=entrypoint or None,
        )


def time_factor(judge: PackageJudge, source: Path, language: str = "") -> float:
    config = judge.language_for(source, language)
    return config.time_factor if config and config.time_factor > 0 else 1.0


def why_not_judged(judge: PackageJudge, submission: PackageSubmission) -> str:
    """Why Juiz cannot judge this submission yet, or "" when it can."""
    if submission.expectation.unjudgeable:
        return submission.expectation.unjudgeable
    if not submission.files:
        return "an empty directory"
    source = source_of(submission)
    if not submission.language and _python2(source):
        return "language not installed (Python 2, by its #! line)"
    if judge.language_for(source, submission.language) is None:
        if submission.language:
            return f"language not installed ({submission.language})"
        if source.is_dir():
            return "language not installed (no one installed language for its files)"
        return f"language not installed ({source.suffix} files)"
    return ""


def source_of(submission: PackageSubmission) -> Path:
    """What the engine is given: the one file (links followed), else the directory."""
    return submission.single_file or submission.path


def _python2(source: Path) -> bool:
    """A .py file whose #! line names python2: problemtools (legacy) judges it as Python 2."""
    if source.suffix != ".py" or source.is_dir():
        return False
    with source.open("rb") as handle:
        first = handle.readline(200)
    return first.startswith(b"#!") and b"python2" in first


def test_verdicts(
    report: Report, at_limit_ms: float | None = None, at_wall_ms: float | None = None
) -> list[CaseVerdict]:
    """The report's tests in the format's verdicts. With `at_limit_ms`, a test whose CPU time
    exceeds it counts as TLE (a run under a safety margin, read at the real limit), and so does
    one whose wall time exceeds `at_wall_ms` (the real limit's wall limit: a program that
    waits rather than computes is stopped by that one)."""
    verdicts = []
    for test in report.tests:
        code = test_code(test.classification)
        over_wall = at_wall_ms is not None and test.wall_ms > at_wall_ms
        if (
            at_limit_ms is not None
            and code is not None
            and (test.cpu_ms > at_limit_ms or over_wall)
        ):
            code = "TLE"
        verdicts.append(CaseVerdict(test.name, code, test.checker_message))
    return verdicts
