"""The driver every grader goes through, and what a grader must provide.

    judge_submission:  static checks (pre-checks, language, size) -> grade()
    grade:             compile -> compile error report | the grader's execution

grade() works in a temporary workspace, and maps every failure of ours (failures.INFRA_ERRORS)
to Requires Reevaluation, whichever grader raised it. A grader only says what differs: which
sources it lays out and how they compile (prepare), and what a successful build goes through
(execute). Graders to come (interactive ...) are more of these.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from judging.builds import BuildCache
from judging.graders.failures import (
    INFRA_ERRORS,
    compile_error_report,
    failure_reason,
    refused_report,
    requires_reevaluation,
)
from judging.kit import Kit
from judging.languages.base import LanguageConfig
from judging.report import Report
from judging.sandbox.base import Sandbox
from judging.steps.compile import Build, BuildRefused, Sources, compile_sources
from judging.steps.static import Check, P, Submission, SubmissionFile, static_checks
from judging.workdirs import work_folder


class Grader(Protocol):
    @property
    def kit(self) -> Kit | None:
        """Where the harnesses and node tools are, for the compile step's mounts."""
        ...

    def prepare(self, language: LanguageConfig, submission: Submission) -> Sources:
        """The sources to lay out and compile for `submission` in `language`."""
        ...

    def execute(self, sandbox: Sandbox, build: Build, workspace: Path) -> Report:
        """The report of a successful build. May raise INFRA_ERRORS."""
        ...


def judge_submission(
    grader: Grader,
    submission: SubmissionFile | Submission,
    problem: P,
    languages: Sequence[LanguageConfig],
    sandbox: Sandbox,
    *,
    pre_checks: Sequence[Check[P]] = (),
    language_id: str | None = None,
    scope: str = "",
    builds: BuildCache | None = None,
) -> Report:
    """Static checks, then grade() in the language they chose (see steps/static.py)."""
    whole = Submission.of(submission)
    language = static_checks(whole, problem, languages, pre_checks, language_id, scope=scope)
    if isinstance(language, Report):
        return language
    return grade(grader, language, whole, sandbox, builds)


def grade(
    grader: Grader,
    language: LanguageConfig,
    submission: Submission | bytes,
    sandbox: Sandbox,
    builds: BuildCache | None = None,
) -> Report:
    """Compile the submission (bytes: a one-file solution), or reuse its stored build from
    `builds`, then the grader's execution, or the compile error's report."""
    if isinstance(submission, bytes):
        submission = Submission((SubmissionFile("solution", submission),), "solution")
    try:
        with work_folder("juiz-grade-") as workspace:
            try:
                sources = grader.prepare(language, submission)
            except BuildRefused as refused:
                return refused_report(language, str(refused))
            build = compile_sources(sandbox, language, sources, workspace, grader.kit, builds)
            if not build.ok:
                return compile_error_report(build)
            return grader.execute(sandbox, build, workspace)
    except INFRA_ERRORS as error:
        return requires_reevaluation(language, failure_reason(error))
