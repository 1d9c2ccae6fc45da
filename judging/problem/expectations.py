"""What a package's submission must get, and whether a judgement gives it.

Two shapes of expectation, from the two traditions:

* Rules (the 2023-07 / 2025-09 format, "Example submissions"; legacy folders read the same
  way): over a set of test cases (all, or those a test glob matches), every verdict must be in
  `permitted` and at least one in `required`. Verdicts are AC, WA, TLE, RTE (verdicts.py).
* An outcome set (DOMjudge's `@EXPECTED_RESULTS@:` and its folders): the submission's result
  is one of the listed codes.
* Scoring problems add score rules: submissions.yaml's `score` (a number or an inclusive
  [low, high], for the submission or a test group), DOMjudge's `@EXPECTED_SCORE@:`, and the
  partially_accepted folder (a score above 0 and below the maximum).

A submission stopped at its first failed test leaves the later tests unknown; `evaluate` then
says "undecided" only when a rule could still go either way, so check-package judges every
test again just for those.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from judging.problem.globs import matches

ALL = frozenset({"AC", "WA", "TLE", "RTE"})


@dataclass(frozen=True)
class Rule:
    tests: str = ""  # a test glob relative to data/ ("secret/group1"); "" is every test
    permitted: frozenset[str] = ALL
    required: frozenset[str] = ALL
    time_limit: str = ""  # use_for_time_limit: "lower", "upper", "false", or "" (the default)
    message: str = ""  # must appear in some test's judge message

    def describe(self) -> str:
        if self.permitted == self.required | {"AC"} and self.required != {"AC"}:
            text = "/".join(sorted(self.required))  # the folders' usual shape: "WA" (or AC)
        elif self.required == ALL:
            text = "only " + "/".join(sorted(self.permitted))
        elif self.permitted == ALL:
            text = "some " + "/".join(sorted(self.required))
        else:
            text = (
                f"only {'/'.join(sorted(self.permitted))}, some {'/'.join(sorted(self.required))}"
            )
        if self.message:
            text += f", message {self.message!r}"
        return f"{self.tests}: {text}" if self.tests else text

    def applies_to(self, test: str) -> bool:
        return not self.tests or matches(self.tests, test)

    @property
    def lower_bound(self) -> bool:
        """The format's "Timelimit inference": a rule that never permits TLE bounds the time
        limit from below, unless use_for_time_limit: false opts out."""
        if self.time_limit == "lower":
            return True
        return (
            self.time_limit != "false"
            and self.time_limit != "upper"
            and ("TLE" not in self.permitted)
        )

    @property
    def upper_bound(self) -> bool:
        """The format's "Timelimit inference": a rule that requires TLE and nothing else bounds
        the time limit from above (`required: [TLE, RTE]` does not), unless use_for_time_limit
        says otherwise."""
        if self.time_limit == "upper":
            return True
        return self.time_limit not in ("false", "lower") and self.required == {"TLE"}


@dataclass(frozen=True)
class ScoreRule:
    """The score of the submission (group "") or of one test group must be in [low, high]
    (`partial`: strictly between 0 and the maximum instead)."""

    group: str = ""
    low: float = 0.0
    high: float = 0.0
    partial: bool = False

    def describe(self) -> str:
        if self.partial:
            text = "a score above 0, below the maximum"
        elif self.low == self.high:
            text = f"score {self.low:g}"
        else:
            text = f"score in [{self.low:g}, {self.high:g}]"
        return f"{self.group}: {text}" if self.group else text

    def check(self, scores: ScoreOutcome | None) -> Verdict:
        if scores is None or scores.total is None:
            return Verdict(False, f"no score given, expected {self.describe()}")
        got = scores.groups.get(self.group) if self.group else scores.total
        if got is None:
            return Verdict(False, f"no group {self.group} was scored")
        if self.partial:
            top = scores.maximum
            ok = got > _EPSILON and (top is None or got < top - _EPSILON)
        else:
            ok = self.low - _EPSILON <= got <= self.high + _EPSILON
        return Verdict(ok, "" if ok else f"got score {got:g}, expected {self.describe()}")


_EPSILON = 1e-6


@dataclass(frozen=True)
class ScoreOutcome:
    total: float | None
    maximum: float | None = None
    groups: dict[str, float | None] = field(default_factory=dict)


@dataclass(frozen=True)
class CaseVerdict:
    name: str  # "secret/group1/3"
    verdict: str | None  # AC / WA / TLE / RTE, None when not run
    message: str = ""


@dataclass(frozen=True)
class Expectation:
    source: str  # "folder", "submissions.yaml" or "annotation"
    rules: tuple[Rule, ...] = ()
    outcome: frozenset[str] | None = None  # DOMjudge: the result is one of these codes
    slow: bool = False  # problemtools slow_accepted: AC within the safety margin, TLE without
    unjudgeable: str = ""  # why no judge can compare with it (CHECK-MANUALLY ...)
    scores: tuple[ScoreRule, ...] = ()  # scoring problems

    def describe(self) -> str:
        if self.unjudgeable:
            return self.unjudgeable
        if self.slow:
            return "TLE, AC with the safety margin"
        parts = [" or ".join(sorted(self.outcome))] if self.outcome is not None else []
        parts += [rule.describe() for rule in self.rules]
        return "; ".join(parts + [score.describe() for score in self.scores])

    def as_json(self) -> dict[str, object]:
        """The expectation for tools: the outcome set, or each rule's sets."""
        rules = [
            {
                "tests": r.tests or "*",
                "permitted": sorted(r.permitted),
                "required": sorted(r.required),
            }
            | ({"message": r.message} if r.message else {})
            for r in self.rules
        ]
        return {
            "source": self.source,
            "outcome": None if self.outcome is None else sorted(self.outcome),
            "rules": rules,
            "slow": self.slow,
            "unjudgeable": self.unjudgeable or None,
            "scores": [score.describe() for score in self.scores],
        }

    @property
    def upper_bound(self) -> bool:
        """Some rule of this submission bounds the time limit from above."""
        return any(rule.upper_bound for rule in self.rules)

    @property
    def all_accepted(self) -> bool:
        """Every test must be AC: a reference solution for the time limit."""
        whole = [r for r in self.rules if not r.tests]
        if self.outcome is not None:
            return self.outcome == {"AC"}
        return any(r.permitted == {"AC"} for r in whole)


@dataclass(frozen=True)
class Verdict:
    agrees: bool | None  # None: undecided (tests not run could change it)
    why: str = ""


def evaluate(
    expectation: Expectation,
    outcome: str,
    tests: Sequence[CaseVerdict],
    scores: ScoreOutcome | None = None,
) -> Verdict:
    """Whether a judgement (its result code `outcome`, its tests, its `scores` for a scoring
    problem) meets the expectation."""
    for score_rule in expectation.scores:
        checked = score_rule.check(scores)
        if not checked.agrees:
            return checked
    if expectation.outcome is not None:
        # Running out of memory is a run-time error to DOMjudge too (its RUN-ERROR covers a
        # crashed allocation), so Juiz's finer MLE meets an expected RTE.
        ok = outcome in expectation.outcome or (outcome == "MLE" and "RTE" in expectation.outcome)
        return Verdict(ok, "" if ok else f"got {outcome}, expected {expectation.describe()}")
    undecided = False
    for rule in expectation.rules:
        verdict = _check_rule(rule, outcome, tests)
        if verdict.agrees is False:
            return verdict
        undecided = undecided or verdict.agrees is None
    return Verdict(None if undecided else True)


def _check_rule(rule: Rule, outcome: str, tests: Sequence[CaseVerdict]) -> Verdict:
    scope = [t for t in tests if rule.applies_to(t.name)]
    if not scope and tests:
        return Verdict(True)  # the glob names no test of this package: nothing to require
    if not tests:  # no test ran: the submission did not compile
        return Verdict(False, f"got {outcome} (no test ran), expected {rule.describe()}")
    bad = [t for t in scope if t.verdict is not None and t.verdict not in rule.permitted]
    if bad:
        return Verdict(False, f"{bad[0].name} got {bad[0].verdict}, expected {rule.describe()}")
    unknown = any(t.verdict is None for t in scope)
    if rule.required != ALL and not any(t.verdict in rule.required for t in scope):
        why = f"no test got {'/'.join(sorted(rule.required))} ({rule.describe()})"
        return Verdict(None if unknown else False, why)
    if rule.message and not any(rule.message in t.message for t in scope):
        return Verdict(None if unknown else False, f"no judge message has {rule.message!r}")
    # Tests after a first failure are taken as permitted, as lazy judges (problemtools,
    # DOMjudge) do; --all-tests checks them too.
    return Verdict(True)
