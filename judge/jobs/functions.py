"""The worker's side of function problems (docs/functions.md): judging a submission, verifying
a reference solution (coverage), and "Run" with custom input.

Everything comes from the database, cached on the worker's disk by hash like test data: the
built case file, the validator, and the reference and naive solutions the import stored. A
worker needs no library checkout of its own.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from contest.engine import engine_kit, worker_sandbox
from contest.models import Language, Problem, ReferenceSolution
from contest.testdata import blob_path, function_problem
from judge.models import LanguageCoverage
from judge.queue import enqueue_verification
from judge.services.coverage import record_coverage
from judging.builds import BuildCache
from judging.classification import Classification
from judging.languages.base import LanguageConfig
from judging.report import Report

if TYPE_CHECKING:
    from library.verify import Sources, Verification

logger = logging.getLogger(__name__)


def language_config(language_id: str) -> LanguageConfig:
    """The admin's configuration of a harness language (time factor), enabled for this run
    even if an admin disabled it since; the engine's default when there is no row."""
    row = Language.objects.filter(pk=language_id).first()
    if row is not None:
        return dataclasses.replace(row.to_config(), enabled=True)
    from judging.languages import registry

    config = registry.get(language_id)
    if config is None:
        raise ValueError(f"no language {language_id!r} configured or in the registry")
    return config


def judge_submission(
    problem: Problem,
    filename: str,
    source: bytes,
    language_id: str,
    progress: Callable[[int, int], None],
    builds: BuildCache | None = None,
) -> Report:
    """Submit mode: every case, through the same report pipeline as stdin problems (the
    harness and solution's build reused from `builds` when stored)."""
    from judging.engine import SubmissionFile, judge_function

    return judge_function(
        SubmissionFile(filename, source),
        function_problem(problem),
        [language_config(language_id)],
        worker_sandbox(),
        kit=engine_kit(),
        progress=progress,
        language_id=language_id,
        builds=builds,
    )


# A reference that ran out of wall-clock time while its CPU time stayed under the limit was
# starved by a busy machine (other jobs on the same cores), not slow: verify again later rather
# than declare the language not judged.
BUSY_RETRIES = 3
BUSY_RETRY_DELAY_S = 60.0


def verify_reference(
    problem_id: int, language_id: str, case_file_sha: str, attempt: int = 1
) -> str:
    """RQ job: run the problem's reference in one language and record whether the problem is
    judged there. Returns the recorded state (for the worker's log)."""
    problem = Problem.objects.filter(pk=problem_id).first()
    if problem is None or problem.case_file_id != case_file_sha:
        return "stale"  # deleted or re-imported since: a newer job verifies the new file
    try:
        verification = _verify(problem, language_id)
    except Exception as exc:  # an infrastructure failure must not look like a verdict
        logger.exception("problem %s: verification in %s failed", problem_id, language_id)
        detail = f"verification could not run: {type(exc).__name__}: {exc}"
        record_coverage(problem_id, language_id, case_file_sha, verified=False, detail=detail)
        return "failed"
    if _starved(verification) and attempt <= BUSY_RETRIES:
        LanguageCoverage.objects.filter(
            problem_id=problem_id, language_id=language_id, case_file_sha=case_file_sha
        ).update(detail=f"attempt {attempt}: {verification.detail} (machine busy; trying again)")
        enqueue_verification(
            problem_id,
            language_id,
            case_file_sha,
            attempt=attempt + 1,
            delay_s=BUSY_RETRY_DELAY_S * attempt,
        )
        return "retrying"
    record_coverage(
        problem_id,
        language_id,
        case_file_sha,
        verified=verification.ok,
        detail=verification.detail,
    )
    return "verified" if verification.ok else "failed"


def _starved(verification: Verification) -> bool:
    timed_out = verification.reference == Classification.TIME_LIMIT_EXCEEDED.value
    return timed_out and verification.reference_cpu_ms < verification.cpu_limit_ms


def _verify(problem: Problem, language_id: str) -> Verification:
    from library import verify

    return verify.verify_language(
        function_problem(problem),
        language_id,
        worker_sandbox(),
        kit=engine_kit(),
        sources=stored_sources(problem, language_id),
        language=language_config(language_id),
    )


def stored_sources(problem: Problem, language_id: str) -> Sources:
    """The reference and naive solutions the import stored for this language."""
    from library.verify import Sources

    rows = ReferenceSolution.objects.filter(problem=problem, language_id=language_id)
    found = {row.naive: blob_path(row.source_id).read_bytes() for row in rows}
    return Sources(reference=found.get(False), naive=found.get(True))


def run_custom_job(payload: dict[str, Any]) -> dict[str, Any]:
    """RQ job of "Run": the visible cases plus the team's custom inputs; nothing is recorded.
    The return value (kept by RQ for a few minutes) is what the team's page shows."""
    from judging.engine import run_custom

    problem = Problem.objects.get(pk=payload["problem_id"])
    outcome = run_custom(
        payload["source"].encode("utf-8"),
        function_problem(problem),
        language_config(payload["language_id"]),
        worker_sandbox(),
        payload["custom_args"],
        _reference(problem, payload["reference_language_id"]),
        kit=engine_kit(),
    )
    return run_result(outcome)


def _reference(problem: Problem, language_id: str | None) -> tuple[LanguageConfig, bytes] | None:
    if language_id is None:
        return None
    source = stored_sources(problem, language_id).reference
    return (language_config(language_id), source) if source is not None else None


def run_result(outcome: Any) -> dict[str, Any]:
    """The engine's Run outcome as plain JSON for the page."""
    if dataclasses.is_dataclass(outcome) and not isinstance(outcome, type):
        data: dict[str, Any] = dataclasses.asdict(outcome)
    else:
        data = dict(outcome)
    return data
