"""Judge one submission: static analysis, then dynamic analysis, in Mooshak's order.

This is the engine's one entry point for the web app's workers and the command line. Failures
of ours (sandbox, output validator, missing test data, the judge host's disk) never become a
verdict against the team: they give Requires Reevaluation with the reason.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from judging.checkers import ValidatorError, checker_for
from judging.classification import Classification
from judging.languages.base import LanguageConfig
from judging.problem.model import Problem
from judging.report import Report
from judging.sandbox.base import Sandbox, SandboxError
from judging.steps.classify import submission_classification
from judging.steps.dynamic import missing_test_data, run_limits, run_tests, used_limits
from judging.steps.static import (
    Build,
    ConfigurationError,
    PreCheck,
    SubmissionFile,
    compile_submission,
    static_checks,
)

__all__ = ["JudgeOptions", "PreCheck", "SubmissionFile", "judge"]


@dataclass(frozen=True)
class JudgeOptions:
    # Mooshak runs every test; False stops at the first test not accepted and reports the
    # rest as Evaluation Skipped.
    run_all_tests: bool = True


def judge(
    submission: SubmissionFile,
    problem: Problem,
    languages: Sequence[LanguageConfig],
    sandbox: Sandbox,
    *,
    options: JudgeOptions = JudgeOptions(),
    pre_checks: Sequence[PreCheck] = (),
    progress: Callable[[int, int], None] | None = None,
    language_id: str | None = None,
) -> Report:
    """Classify a submission. `language_id` forces a language instead of the file extension;
    `progress(tests_done, tests_total)` is called after each test."""
    language = static_checks(submission, problem, languages, pre_checks, language_id)
    if isinstance(language, Report):
        return language
    job = _Job(submission, problem, language, tuple(languages), sandbox, options, progress)
    try:
        with tempfile.TemporaryDirectory(prefix="juiz-judge-") as tmp:
            report = job.run(Path(tmp))
    except SandboxError as error:
        report = _reevaluate(language, f"sandbox failure: {error}")
    except ValidatorError as error:
        report = _reevaluate(language, f"output validator failure: {error}")
    except ConfigurationError as error:
        report = _reevaluate(language, f"language configuration: {error}")
    except OSError as error:
        report = _reevaluate(language, f"judge host error: {error}")
    return report


@dataclass(frozen=True)
class _Job:
    """One submission past static checks, with everything compiling and running it needs."""

    submission: SubmissionFile
    problem: Problem
    language: LanguageConfig
    languages: tuple[LanguageConfig, ...]
    sandbox: Sandbox
    options: JudgeOptions
    progress: Callable[[int, int], None] | None

    def run(self, workspace: Path) -> Report:
        build = compile_submission(
            self.sandbox, self.language, self.submission, self.problem, workspace
        )
        if build.report is not None and not build.report.ok:
            return Report(
                Classification.COMPILE_TIME_ERROR,
                language=self.language.id,
                compile=build.report,
                reason="compilation failed",
                warnings=build.warnings,
            )
        missing = missing_test_data(self.problem)
        if missing is not None:
            return replace(_reevaluate(self.language, missing, build), warnings=build.warnings)
        return self.dynamic(workspace, build)

    def dynamic(self, workspace: Path, build: Build) -> Report:
        (workspace / "checker").mkdir()
        (workspace / "out").mkdir()
        checker = checker_for(
            self.problem.validation,
            sandbox=self.sandbox,
            languages=self.languages,
            workdir=workspace / "checker",
        )
        try:
            outcome = run_tests(
                self.sandbox,
                build,
                self.problem,
                checker,
                workspace / "out",
                run_all=self.options.run_all_tests,
                progress=self.progress,
            )
        finally:
            checker.close()
        return Report(
            classification=submission_classification(t.classification for t in outcome.tests),
            language=build.language.id,
            tests=tuple(outcome.tests),
            compile=build.report,
            limits=used_limits(run_limits(self.problem, build), self.problem),
            # Unsafe-sandbox notices go into every report, whatever the verdict.
            warnings=tuple(dict.fromkeys((*build.warnings, *outcome.warnings))),
        )


def _reevaluate(language: LanguageConfig, reason: str, build: Build | None = None) -> Report:
    return Report(
        Classification.REQUIRES_REEVALUATION,
        language=language.id,
        compile=build.report if build is not None else None,
        reason=reason,
    )
