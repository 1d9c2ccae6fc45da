"""The reports no run of the submission decides, the same for every grader: a compile error,
and our own failures.

Nothing that is our fault is ever a verdict against a team: a failure of the sandbox, of a
problem's output validator or host comparison, a configuration the admin must fix, or the judge
host's disk gives Requires Reevaluation with the reason, and the submission is judged again
later. INFRA_ERRORS is the one list of those failures; every grader, Run mode and reference
verification use it.
"""

from __future__ import annotations

from judging.checkers import ValidatorError
from judging.classification import Classification
from judging.functions.compare import ComparisonError
from judging.languages.base import LanguageConfig
from judging.report import CompileReport, Report
from judging.sandbox.base import SandboxError
from judging.steps.box import ConfigurationError
from judging.steps.compile import Build

# Exception type -> what the reason says failed; the first that matches names it, so the
# catch-all OSError (disk, permissions on the judge host) comes last.
INFRA_LABELS: dict[type[Exception], str] = {
    SandboxError: "sandbox failure",
    ValidatorError: "output validator failure",
    ConfigurationError: "configuration error",
    ComparisonError: "host comparison failure",
    OSError: "judge host error",
}
INFRA_ERRORS: tuple[type[Exception], ...] = tuple(INFRA_LABELS)


def failure_reason(error: Exception) -> str:
    """What failed, for a failure of ours (an instance of INFRA_ERRORS)."""
    label = next(v for k, v in INFRA_LABELS.items() if isinstance(error, k))
    return f"{label}: {error}"


def requires_reevaluation(
    language: LanguageConfig, reason: str, build: Build | None = None
) -> Report:
    """The submission must be judged again: `reason` says what of ours failed."""
    return Report(
        Classification.REQUIRES_REEVALUATION,
        language=language.id,
        compile=build.report if build is not None else None,
        reason=reason,
        warnings=build.warnings if build is not None else (),
    )


def refused_report(language: LanguageConfig, reason: str) -> Report:
    """A submission that cannot be built as given (no entry point...): a Compile Time Error
    that says why, with no compiler run."""
    return Report(
        Classification.COMPILE_TIME_ERROR,
        language=language.id,
        compile=CompileReport(ok=False, output=f"[judge] {reason}"),
        reason=reason,
    )


def compile_error_report(build: Build) -> Report:
    return Report(
        Classification.COMPILE_TIME_ERROR,
        language=build.language.id,
        compile=build.report,
        reason="compilation failed",
        warnings=build.warnings,
    )
