"""Judge a solution of a function problem: the function-problem twin of judging/engine.judge.

Static checks come first in Mooshak's order (pre-checks, language, size); then the solution and
its language's harness are compiled together and run once over every case. As for stdin
problems, failures of ours (sandbox, host disk, a missing comparator or validator, the node
tools) give Requires Reevaluation with the reason, never a verdict against the team.

`run_custom` ("run" mode, custom.py) is exported here too: the web app's jobs call these two.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from judging.classification import Classification
from judging.engine import SubmissionFile
from judging.functions.adapters.base import HarnessAdapter
from judging.functions.adapters.registry import adapter_for
from judging.functions.casefile import FunctionProblem
from judging.functions.compare import ComparisonError
from judging.functions.runner import HarnessRun, build_harness, run_built
from judging.functions.verdicts import compile_error_report, run_report
from judging.languages.base import LanguageConfig
from judging.report import Report
from judging.sandbox.base import Sandbox, SandboxError
from judging.steps.static import ConfigurationError, choose_language

__all__ = [
    "FunctionPreCheck",
    "RunOutcome",
    "judge_function",
    "judge_source",
    "reevaluate",
    "run_custom",
]

SOURCE_SIZE_KIB = 256  # Program Size Exceeded above this, as for stdin problems
FunctionPreCheck = Callable[[SubmissionFile, FunctionProblem], Report | None]
# Failures of ours: the judgement must be redone, not given.
INFRA_ERRORS: tuple[type[Exception], ...] = (
    SandboxError,
    OSError,
    ConfigurationError,
    ComparisonError,
)


def judge_function(
    submission: SubmissionFile,
    problem: FunctionProblem,
    languages: Sequence[LanguageConfig],
    sandbox: Sandbox,
    *,
    pre_checks: Sequence[FunctionPreCheck] = (),
    progress: Callable[[int, int], None] | None = None,
    language_id: str | None = None,
) -> Report:
    """Classify a solution. `progress(done, total)` is called before and after the one run."""
    chosen = static_checks(submission, problem, languages, pre_checks, language_id)
    if isinstance(chosen, Report):
        return chosen
    language, adapter = chosen
    total = len(problem.cases)
    if progress is not None:
        progress(0, total)
    try:
        with tempfile.TemporaryDirectory(prefix="juiz-function-") as tmp:
            source, workspace = submission.source, Path(tmp)
            report, _ = judge_source(sandbox, adapter, language, problem, source, workspace)
    except INFRA_ERRORS as error:
        report = reevaluate(language, error)
    if progress is not None:
        progress(total, total)
    return report


def judge_source(
    sandbox: Sandbox,
    adapter: HarnessAdapter,
    language: LanguageConfig,
    problem: FunctionProblem,
    source: bytes,
    workspace: Path,
) -> tuple[Report, HarnessRun | None]:
    """Compile the solution with its harness and run it over every case: the report, and the
    run itself (None when the compilation failed). No static checks; infrastructure failures
    raise (INFRA_ERRORS)."""
    build = build_harness(sandbox, adapter, language, problem, source, workspace)
    if not build.ok:
        return compile_error_report(build), None
    run = run_built(sandbox, build, problem.cases, workspace)
    return run_report(run), run


def static_checks(
    submission: SubmissionFile,
    problem: FunctionProblem,
    languages: Sequence[LanguageConfig],
    pre_checks: Sequence[FunctionPreCheck] = (),
    language_id: str | None = None,
) -> tuple[LanguageConfig, HarnessAdapter] | Report:
    """The language and its harness, or the Report that ends judging before compilation."""
    for check in pre_checks:
        verdict = check(submission, problem)
        if verdict is not None:
            return verdict
    with_harness = [lang for lang in languages if adapter_for(lang.id) is not None]
    language = choose_language(submission, with_harness, language_id)
    if isinstance(language, Report):
        return Report(
            Classification.INVALID_SUBMISSION,
            reason=f"{language.reason} (function problems are judged in: "
            f"{', '.join(lang.id for lang in with_harness) or 'no language'})",
        )
    if len(submission.source) > SOURCE_SIZE_KIB * 1024:
        return Report(
            Classification.PROGRAM_SIZE_EXCEEDED,
            language=language.id,
            reason=f"the source has {len(submission.source)} bytes; the limit is "
            f"{SOURCE_SIZE_KIB} KiB",
        )
    adapter = adapter_for(language.id)
    assert adapter is not None
    return language, adapter


def reevaluate(language: LanguageConfig, error: Exception) -> Report:
    kind = {
        SandboxError: "sandbox failure",
        ConfigurationError: "harness configuration",
        ComparisonError: "host comparison failure",
    }
    label = next((v for k, v in kind.items() if isinstance(error, k)), "judge host error")
    return Report(
        Classification.REQUIRES_REEVALUATION, language=language.id, reason=f"{label}: {error}"
    )


# "Run" mode lives in custom.py; imported last, as it uses INFRA_ERRORS from here.
from judging.functions.custom import RunOutcome, run_custom  # noqa: E402
