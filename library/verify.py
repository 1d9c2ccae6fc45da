"""Reference verification, the "coverage honesty" of docs/functions.md: a problem is judged in a
language only when its reference solution is Accepted there, through the same harness and
sandbox as a team's submission.

For problems with stress cases the check goes further, because stress cases exist to fail
slow solutions: the reference must use at most half the time limit (CPU), and the naive
solution must pass every non-stress case yet get Time Limit Exceeded. A stress case that lets
the naive solution through in some language is a stress case that does not work there.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from judging.classification import Classification
from judging.functions.adapters.registry import adapter_for
from judging.functions.casefile import FunctionProblem
from judging.functions.runner import HarnessRun
from judging.graders.base import grade
from judging.graders.function import FunctionGrader
from judging.kit import Kit
from judging.languages import registry
from judging.languages.base import LanguageConfig
from judging.report import Report
from judging.sandbox.base import Sandbox
from library import index
from library.build import STRESS

C = Classification
REFERENCE_SHARE = 0.5  # of the CPU limit, for problems with stress cases

# Runs of a reference starved of wall-clock time by a busy machine, tried again at once.
STARVED_RETRIES = 2


@dataclass(frozen=True)
class Verification:
    problem_id: str
    language_id: str
    ok: bool
    detail: str  # why not, or a short account of what passed
    reference: str = ""  # the reference's classification
    reference_cpu_ms: int = 0
    cpu_limit_ms: int = 0
    naive: str = ""  # the naive solution's classification ("" when not run)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        del data["problem_id"], data["language_id"]
        return data


@dataclass(frozen=True)
class Sources:
    """A problem's reference solution and naive solution in one language (None: it has none).
    The library's command reads them from its files (`from_library`); a worker from the
    database, where importing the problem stored them."""

    reference: bytes | None
    naive: bytes | None = None

    @classmethod
    def from_library(cls, problem_id: str, language_id: str) -> Sources:
        paths = [index.reference_path(problem_id, language_id, naive) for naive in (False, True)]
        reference, naive = (path.read_bytes() if path.is_file() else None for path in paths)
        return cls(reference, naive)


@dataclass(frozen=True)
class _Outcome:
    report: Report
    cpu_ms: int
    cpu_limit_ms: int


def has_stress(problem: FunctionProblem) -> bool:
    return any(c.name.startswith(STRESS) for c in problem.cases)


def verify_language(
    problem: FunctionProblem,
    language_id: str,
    sandbox: Sandbox,
    *,
    kit: Kit,
    sources: Sources,
    language: LanguageConfig | None = None,
    skip_naive: bool = False,
) -> Verification:
    """Verify one problem in one language, with the harnesses of `kit`. Never raises for the
    solutions' failures; an infrastructure failure is a failed verification saying so."""
    start = Verification(problem.id, language_id, False, "")
    language = language or registry.get(language_id)
    if language is None or adapter_for(language_id) is None:
        return replace(start, detail=f"no harness for {language_id}")
    if sources.reference is None:
        return replace(start, detail=f"no reference solution ({_file('solution', language_id)})")
    grader = FunctionGrader(problem, kit, problem.cases)
    ref = _run_reference(sandbox, language, grader, sources.reference)
    verdict = ref.report.classification
    if verdict is C.REQUIRES_REEVALUATION:
        return replace(start, detail=f"verification could not run: {ref.report.reason}")
    measured = replace(
        start,
        reference=verdict.value,
        reference_cpu_ms=ref.cpu_ms,
        cpu_limit_ms=ref.cpu_limit_ms,
    )
    if verdict is not C.ACCEPTED:
        return replace(measured, detail=f"reference: {verdict.value}: {_first_failure(ref.report)}")
    accepted = replace(measured, ok=True, detail="reference accepted")
    if not has_stress(problem):
        return accepted
    if ref.cpu_ms > ref.cpu_limit_ms * REFERENCE_SHARE:
        return replace(
            measured,
            detail=f"reference too slow: {ref.cpu_ms} ms CPU, over half the limit "
            f"({ref.cpu_limit_ms} ms)",
        )
    return accepted if skip_naive else _verify_naive(sandbox, language, grader, sources, accepted)


def _run_reference(
    sandbox: Sandbox, language: LanguageConfig, grader: FunctionGrader, source: bytes
) -> _Outcome:
    """The reference's run, tried again when it ran out of wall-clock time with its CPU time
    under the limit: a machine busy with other work starved it, which says nothing of the
    reference (the naive solution needs no such care: it must use up its CPU time)."""
    outcome = _run(sandbox, language, grader, source)
    for _ in range(STARVED_RETRIES):
        if not _starved(outcome):
            break
        outcome = _run(sandbox, language, grader, source)
    return outcome


def _starved(outcome: _Outcome) -> bool:
    timed_out = outcome.report.classification is C.TIME_LIMIT_EXCEEDED
    return timed_out and outcome.cpu_ms < outcome.cpu_limit_ms


def _verify_naive(
    sandbox: Sandbox,
    language: LanguageConfig,
    grader: FunctionGrader,
    sources: Sources,
    accepted: Verification,
) -> Verification:
    if sources.naive is None:
        detail = f"no naive solution ({_file('naive', language.id)})"
        return replace(accepted, ok=False, detail=detail)
    naive = _run(sandbox, language, grader, sources.naive).report
    if naive.classification is C.REQUIRES_REEVALUATION:
        return replace(accepted, ok=False, detail=f"naive could not run: {naive.reason}")
    wrong = _naive_problem(naive)
    return replace(
        accepted,
        ok=wrong is None,
        detail="reference accepted; naive times out" if wrong is None else f"naive: {wrong}",
        naive=naive.classification.value,
    )


def _file(stem: str, language_id: str) -> str:
    return f"{stem}.{index.EXTENSIONS[language_id]}"


def _naive_problem(report: Report) -> str | None:
    """What is wrong with the naive solution's report, or None when it is as it must be."""
    for test in report.tests:
        if not test.name.startswith(STRESS) and test.classification is not C.ACCEPTED:
            return f"{test.classification.value} on non-stress case {test.name!r}"
    if report.classification is not C.TIME_LIMIT_EXCEEDED:
        return f"{report.classification.value}, not Time Limit Exceeded (the stress cases pass it)"
    return None


def _run(
    sandbox: Sandbox, language: LanguageConfig, grader: FunctionGrader, source: bytes
) -> _Outcome:
    """The solution judged like a submission (failures of ours are Requires Reevaluation),
    with the run's CPU time and limit, which no report field holds."""
    runs: list[HarnessRun] = []
    report = grade(replace(grader, on_run=runs.append), language, source, sandbox)
    if not runs:  # it did not compile, or we failed before the run
        return _Outcome(report, 0, 0)
    return _Outcome(report, runs[0].result.cpu_ms, runs[0].limits.cpu_ms)


def _first_failure(report: Report) -> str:
    if report.classification is C.COMPILE_TIME_ERROR and report.compile is not None:
        lines = report.compile.output.strip().splitlines()
        errors = [line for line in lines if "error" in line.lower()]
        return (errors or lines or [""])[0][:200]
    failing = next((t for t in report.tests if not t.classification.is_accepted), None)
    if failing is None:
        return report.reason
    return f"case {failing.name!r}: {failing.checker_message[:200]}"


def write_coverage(results: list[Verification], path: Path | None = None) -> Path:
    """Merge results into coverage.json ({problem: {language: {...}}}), atomically."""
    path = path or index.coverage_path()
    try:
        coverage: dict[str, dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        coverage = {}
    for result in results:
        coverage.setdefault(result.problem_id, {})[result.language_id] = result.to_json()
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_text(json.dumps(coverage, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(temporary, path)
    return path
