"""The worker's side of function problems (docs/functions.md): judging a submission, verifying
a reference solution (coverage), and "Run" with custom input.

The built case file travels as a Blob and is cached on the worker's disk by hash, like test
data; the reference solutions are part of the code checkout every worker has (judging/refs/).
"""

from __future__ import annotations

import dataclasses
import functools
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from contest.models import Language, LanguageCoverage, Problem
from contest.services.function_problems import record_coverage
from judge.engine_kit import engine_kit
from judge.queue import enqueue_verification
from judge.testdata import blob_path
from judging.classification import Classification
from judging.languages.base import LanguageConfig
from judging.report import Report

if TYPE_CHECKING:
    from judging.functions.casefile import FunctionProblem
    from judging.functions.verify import Verification

logger = logging.getLogger(__name__)


@functools.lru_cache(maxsize=32)
def _case_file(sha256: str) -> FunctionProblem:
    """Parsed once per worker process: a changed case file is a new hash."""
    from judging.functions import casefile

    return casefile.load(blob_path(sha256))


def function_problem(problem: Problem) -> FunctionProblem:
    """The case file with the problem's limits as the jury set them (imported from the
    manifest; editable on the jury's problem page, as for stdin problems), and the library's
    validator file of a validator problem."""
    from judging.functions import library

    if problem.case_file_id is None:
        raise ValueError(f"function problem {problem} has no case file")
    limited = dataclasses.replace(
        _case_file(problem.case_file_id),
        time_limit_s=problem.time_limit_s,
        memory_mb=problem.memory_mb,
    )
    return library.with_validator(limited)


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


@functools.cache
def sandbox() -> Any:
    from judging.sandbox import make_sandbox

    return make_sandbox()


def judge_submission(
    problem: Problem,
    filename: str,
    source: bytes,
    language_id: str,
    progress: Callable[[int, int], None],
) -> Report:
    """Submit mode: every case, through the same report pipeline as stdin problems."""
    from judging.engine import SubmissionFile, judge_function

    return judge_function(
        SubmissionFile(filename, source),
        function_problem(problem),
        [language_config(language_id)],
        sandbox(),
        kit=engine_kit(),
        progress=progress,
        language_id=language_id,
    )


# A reference that ran out of wall-clock time while its CPU time stayed under the limit was
# starved by a busy machine (other jobs on the same cores), not slow: verify again later rather
# than declare the language not judged.
BUSY_RETRIES = 3
BUSY_RETRY_DELAY_S = 60.0


def verify_reference(
    problem_id: int, language_id: str, case_file_sha: str, attempt: int = 1
) -> str:
    """RQ job: run the library's reference in one language and record whether the problem is
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
    from judging.functions import verify

    return verify.verify_language(
        function_problem(problem),
        language_id,
        sandbox(),
        kit=engine_kit(),
        language=language_config(language_id),
    )


def run_custom_job(payload: dict[str, Any]) -> dict[str, Any]:
    """RQ job of "Run": the visible cases plus the team's custom inputs; nothing is recorded.
    The return value (kept by RQ for a few minutes) is what the team's page shows."""
    from judging.engine import run_custom

    problem = Problem.objects.get(pk=payload["problem_id"])
    loaded = function_problem(problem)
    outcome = run_custom(
        payload["source"].encode("utf-8"),
        loaded,
        language_config(payload["language_id"]),
        sandbox(),
        payload["custom_args"],
        _reference(problem, payload["reference_language_id"]),
        kit=engine_kit(),
    )
    return run_result(outcome)


def _reference(problem: Problem, language_id: str | None) -> tuple[LanguageConfig, bytes] | None:
    if language_id is None:
        return None
    from judging.functions import library

    path = library.reference_path(problem.library_id, language_id)
    return language_config(language_id), path.read_bytes()


def run_result(outcome: Any) -> dict[str, Any]:
    """The engine's Run outcome as plain JSON for the page."""
    if dataclasses.is_dataclass(outcome) and not isinstance(outcome, type):
        data: dict[str, Any] = dataclasses.asdict(outcome)
    else:
        data = dict(outcome)
    return data
