"""The submissions that bound a calibrated time limit from below, and their measured times.

Which ones, per format version (calibration.py has the rule): legacy takes the submissions
expected to be accepted on every test; 2023-07 / 2025-09 takes every rule that never permits
TLE, each on the tests it covers. Each is judged on just those tests under the calibration
ceiling; one that does not meet its own rule there, or cannot be judged, is skipped with the
reason, never a failure of the package.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from judging.model import Problem
from judging.problem.expectations import Rule
from judging.problem.runner import (
    PackageJudge,
    source_of,
    test_verdicts,
    time_factor,
    why_not_judged,
)
from judging.problem.submissions import PackageSubmission, read_submissions
from judging.problem.verdicts import outcome_code


@dataclass(frozen=True)
class Measured:
    used: tuple[tuple[str, float], ...]  # (submission, T in seconds / language factor)
    skipped: tuple[tuple[str, str], ...]  # (submission, why)


def measure_all(judge: PackageJudge, directory: Path, trial: Problem, *, legacy: bool) -> Measured:
    listing = read_submissions(directory)
    used: list[tuple[str, float]] = []
    skipped = [(name, why) for name, why in listing.skipped if why.startswith("disabled")]
    for submission in listing.submissions:
        rules = lower_bound_rules(submission, legacy=legacy)
        if not rules:
            continue
        why = _unusable(judge, submission)
        if why:
            skipped.append((submission.name, why))
            continue
        seconds, problem = _measure(judge, submission, rules, trial)
        if isinstance(problem, str):
            skipped.append((submission.name, problem))
        else:
            used.append((submission.name, seconds))
    return Measured(tuple(used), tuple(skipped))


def lower_bound_rules(submission: PackageSubmission, *, legacy: bool) -> tuple[Rule, ...]:
    expectation = submission.expectation
    if expectation.unjudgeable:
        return ()
    if legacy or expectation.outcome is not None:
        return (Rule(permitted=frozenset({"AC"})),) if expectation.all_accepted else ()
    return tuple(rule for rule in expectation.rules if rule.lower_bound)


def _unusable(judge: PackageJudge, submission: PackageSubmission) -> str:
    if submission.deliberately_wrong:
        return "named .bad.: deliberately in the wrong folder"
    why = why_not_judged(judge, submission)
    return f"cannot judge yet: {why}" if why else ""


def _measure(
    judge: PackageJudge, submission: PackageSubmission, rules: tuple[Rule, ...], trial: Problem
) -> tuple[float, str | None]:
    """(T, None), or (0, why it cannot count)."""
    source = source_of(submission)
    tests = tuple(t for t in trial.tests if any(r.applies_to(t.name) for r in rules))
    if not tests:
        return 0.0, "its time-limit rule covers no test"
    report = judge.judge(
        source,
        replace(trial, tests=tests),
        run_all_tests=True,
        language=submission.language,
        entrypoint=submission.entrypoint,
    )
    verdicts = {t.name: t for t in test_verdicts(report)}
    for rule in rules:
        for name, verdict in verdicts.items():
            if rule.applies_to(name) and verdict.verdict not in rule.permitted:
                why = f" ({report.reason})" if report.reason else ""
                return 0.0, (
                    f"got {verdict.verdict} on {name}{why} with a {trial.time_limit_s:g} s limit, "
                    f"expected {rule.describe()}"
                )
    if not report.tests:
        return 0.0, f"got {outcome_code(report.classification)} ({report.reason or 'no test ran'})"
    slowest_ms = max(t.cpu_ms for t in report.tests)
    return slowest_ms / 1000 / time_factor(judge, source, submission.language), None
