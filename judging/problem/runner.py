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
from judging.report import Report
from judging.sandbox.base import Sandbox


class PackageJudge(Protocol):
    def judge(self, source: Path, problem: Problem, *, run_all_tests: bool) -> Report: ...

    def language_for(self, source: Path) -> LanguageConfig | None: ...


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

    def language_for(self, source: Path) -> LanguageConfig | None:
        from judging.languages.entry import EntryError, detect_language
        from judging.languages.registry import for_filename

        if not source.is_dir():
            return for_filename(source.name, self.languages)
        names = [p.name for p in source.rglob("*") if p.is_file()]
        try:  # a submission of several files: the one language of its files
            return detect_language(names, self.languages)
        except EntryError:
            return None

    def judge(self, source: Path, problem: Problem, *, run_all_tests: bool) -> Report:
        from judging.engine import JudgeOptions, judge
        from judging.problem.package_submission import package_submission

        # The language is chosen here, not by the engine, so that it is the same one whose time
        # factor calibration divides by.
        language = self.language_for(source)
        return judge(
            package_submission(source, problem),  # a file or a directory, constants applied
            problem,
            self.languages,
            self.sandbox,
            kit=self.kit,
            options=JudgeOptions(run_all_tests=run_all_tests),
            language_id=language.id if language else None,
        )


def time_factor(judge: PackageJudge, source: Path) -> float:
    language = judge.language_for(source)
    return language.time_factor if language and language.time_factor > 0 else 1.0
