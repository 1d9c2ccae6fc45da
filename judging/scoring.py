"""Scoring problems: which tests run, and the points of every test, group and submission.

The rules are the format's "Result aggregation" (2025-09) and the legacy default grader, as
Problem.groups states them for one package (GroupSpec, read by judging/problem/scoring_groups.py;
docs/judging.md, "Scoring problems"):

* Only `secret` counts: sample tests are run and classified, never scored.
* A group's items are its subgroups and its own tests (those whose nearest group it is). A test
  that is not accepted scores the group's reject_score (0). An accepted one scores its
  validator's score.txt, or score_multiplier.txt x the test's maximum, else the group's
  accept_score (legacy), else the test's maximum: the group's max_score in a `min` group,
  max_score / (its tests) in a `sum` group (2025-09).
* `pass-fail` groups score max_score when every test under them is accepted, else 0; `sum`,
  `min`, `avg` and `max` combine the items. With `tests_aggregation` the group's own tests are
  first combined into one item (the legacy reading, "min": a group's tests pass together).
* A group whose score passes its max_score (or legacy range), a validator that writes a score
  for a rejected test or in a pass-fail group (2025-09), one that accepts a test of an
  unbounded group without score.txt: judge errors (ValidatorError, so Requires Reevaluation).
* Which tests run: a group `require_pass` names must have every test accepted, else the
  group's tests are skipped; a legacy `on_reject: break` group skips its other tests after a
  failure; and when the options do not ask for every test, a `min` or `pass-fail` group whose
  score a failure has decided skips the rest of its tests.

The submission's classification stays Mooshak's (the worst test's); the score is beside it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from judging.checkers.base import ValidatorError
from judging.classification import Classification, most_severe
from judging.model import GroupSpec, Problem, TestCase
from judging.report import GroupReport, TestReport

_EPSILON = 1e-6
_DIGITS = 6  # scores are kept to a millionth: 100/3 x 3 is 100


@dataclass
class _Tree:
    """The groups of a problem with their subgroups and own tests, by name."""

    groups: dict[str, GroupSpec]
    children: dict[str, list[str]] = field(default_factory=dict)
    own: dict[str, list[str]] = field(default_factory=dict)  # test names
    under: dict[str, list[str]] = field(default_factory=dict)  # every test below, in order

    @classmethod
    def of(cls, groups: Sequence[GroupSpec], tests: Sequence[str]) -> _Tree:
        tree = cls({g.name: g for g in groups})
        for group in groups:
            tree.children[group.name], tree.own[group.name], tree.under[group.name] = [], [], []
            parent = tree.nearest(group.name.rpartition("/")[0])
            if parent is not None:
                tree.children[parent].append(group.name)
        for name in tests:
            nearest = tree.nearest(name)
            if nearest is None:
                continue  # a sample: never scored
            tree.own[nearest].append(name)
            for group in tree.chain(name):
                tree.under[group.name].append(name)
        return tree

    def nearest(self, path: str) -> str | None:
        """The deepest group that is `path` or holds it."""
        while path:
            if path in self.groups:
                return path
            path = path.rpartition("/")[0]
        return None

    def chain(self, test: str) -> list[GroupSpec]:
        """The groups holding `test`, outermost first."""
        found = []
        path = test.rpartition("/")[0]
        while path:
            if path in self.groups:
                found.append(self.groups[path])
            path = path.rpartition("/")[0]
        return found[::-1]


SkipRule = Callable[[TestCase, Sequence[TestReport]], str]


def skip_rule(problem: Problem, run_all: bool) -> SkipRule:
    """Why a test is not run, given the reports of the tests before it ("" to run it)."""
    tree = _Tree.of(problem.groups, [t.name for t in problem.tests])

    def rule(test: TestCase, done: Sequence[TestReport]) -> str:
        failed = {r.name for r in done if not r.classification.is_accepted}
        tested = {r.name for r in done}
        for group in tree.chain(test.name):
            for required in group.require_pass:
                names = _tests_named(required, problem, tree)
                if any(n in failed or n not in tested for n in names):
                    return f"not run: {group.name} requires passing {required}"
            if _stops(group, tree, test.name, run_all) and failed & set(tree.under[group.name]):
                return f"not run: a test of {group.name} failed"
        return ""

    return rule


def _stops(group: GroupSpec, tree: _Tree, test: str, run_all: bool) -> bool:
    if group.on_reject == "break":
        return True
    if run_all or group.reject_score > 0:
        return False
    own = test in tree.own[group.name]
    return group.aggregation in ("pass-fail", "min") or (own and group.tests_aggregation == "min")


def _tests_named(required: str, problem: Problem, tree: _Tree) -> list[str]:
    if required in tree.under:
        return tree.under[required]
    return [t.name for t in problem.tests if t.name.startswith(required + "/")]


@dataclass(frozen=True)
class Scored:
    tests: tuple[TestReport, ...]  # each secret test with its score
    score: float | None = None
    groups: tuple[GroupReport, ...] = ()  # the groups below secret, in order
    max_score: float | None = None  # secret's


def score_tests(problem: Problem, tests: Sequence[TestReport]) -> Scored:
    """The points of a judged submission; the tests unchanged for a pass-fail problem.
    Raises ValidatorError for the judge errors above."""
    if not problem.groups:
        return Scored(tuple(tests))
    tree = _Tree.of(problem.groups, [t.name for t in tests])
    scorer = _Scorer(tree, {t.name: t for t in tests})
    root = problem.groups[0].name
    total = scorer.group(root)
    reports = tuple(scorer.reports[g] for g in tree.groups if g != root)
    tests = tuple(scorer.scored(t) for t in tests)
    return Scored(tests, total, reports, scorer.reports[root].max_score)


@dataclass
class _Scorer:
    tree: _Tree
    tests: dict[str, TestReport]
    test_scores: dict[str, float] = field(default_factory=dict)
    reports: dict[str, GroupReport] = field(default_factory=dict)

    def scored(self, test: TestReport) -> TestReport:
        if test.name not in self.test_scores:
            return test
        return replace(test, score=self.test_scores[test.name])

    def group(self, name: str) -> float:
        spec = self.tree.groups[name]
        own = [self.test(spec, t) for t in self.tree.own[name]]
        if spec.tests_aggregation is not None and own:
            own = [_combine(spec.tests_aggregation, own)]
        items = own + [self.group(child) for child in self.tree.children[name]]
        under = [self.tests[t].classification for t in self.tree.under[name]]
        bound = self.bound(name)
        if spec.aggregation == "pass-fail":
            passed = all(c.is_accepted for c in under)
            value = (bound or 0.0) if passed else 0.0
        else:
            value = _combine(spec.aggregation, items)
        value = round(value, _DIGITS)
        self._check_range(spec, value, bound)
        self.reports[name] = GroupReport(name, _verdict(under), value, bound)
        return value

    def test(self, group: GroupSpec, name: str) -> float:
        report = self.tests[name]
        written = report.feedback_score is not None or report.feedback_multiplier is not None
        strict = group.rules != "legacy"
        if strict and written and not report.classification.is_accepted:
            raise ValidatorError(f"{name}: the validator rejected it but wrote a score")
        if strict and written and group.aggregation == "pass-fail":
            raise ValidatorError(f"{name}: a score file in pass-fail group {group.name}")
        value = self._test_value(group, report) if report.classification.is_accepted else None
        value = group.reject_score if value is None else value
        self.test_scores[name] = round(value, _DIGITS)
        return value

    def _test_value(self, group: GroupSpec, report: TestReport) -> float:
        maximum = self.test_maximum(group)
        if report.feedback_multiplier is not None:
            if maximum is None:
                raise ValidatorError(
                    f"{report.name}: score_multiplier.txt in unbounded group {group.name}"
                )
            return report.feedback_multiplier * maximum
        if report.feedback_score is not None:
            over = maximum is not None and report.feedback_score > maximum + _EPSILON
            if over and group.rules != "legacy":
                raise ValidatorError(
                    f"{report.name}: score.txt {report.feedback_score:g} is over the test's "
                    f"maximum {maximum:g}"
                )
            return report.feedback_score
        if group.accept_score is not None:
            return group.accept_score
        if maximum is None:
            raise ValidatorError(
                f"{report.name}: accepted in unbounded group {group.name} without score.txt"
            )
        return maximum

    def test_maximum(self, group: GroupSpec) -> float | None:
        if group.accept_score is not None:
            return group.accept_score  # legacy: what an accepted test scores
        if group.max_score is None:
            return None
        if group.aggregation == "sum":
            return group.max_score / max(1, len(self.tree.own[group.name]))
        return group.max_score

    def bound(self, name: str) -> float | None:
        """The group's maximum: max_score, else (legacy) what its items can reach at most."""
        spec = self.tree.groups[name]
        if spec.max_score is not None or spec.accept_score is None:
            return spec.max_score
        own = [spec.accept_score for _ in self.tree.own[name]]
        if spec.tests_aggregation is not None and own:
            own = [_combine(spec.tests_aggregation, own)]
        children = [self.bound(child) for child in self.tree.children[name]]
        if any(c is None for c in children):
            return None
        return round(_combine(spec.aggregation, own + [c or 0.0 for c in children]), _DIGITS)

    def _check_range(self, spec: GroupSpec, value: float, bound: float | None) -> None:
        if spec.max_score is not None and value > spec.max_score + _EPSILON:
            raise ValidatorError(
                f"group {spec.name} scored {value:g}, over its maximum {spec.max_score:g}"
            )
        if spec.min_score is not None and value < spec.min_score - _EPSILON:
            raise ValidatorError(
                f"group {spec.name} scored {value:g}, under its range's {spec.min_score:g}"
            )


def _combine(mode: str, values: Sequence[float]) -> float:
    if not values:
        return 0.0
    if mode == "min":
        return min(values)
    if mode == "max":
        return max(values)
    if mode == "avg":
        return sum(values) / len(values)
    return sum(values)


def _verdict(classifications: Sequence[Classification]) -> Classification:
    if classifications and all(c is Classification.EVALUATION_SKIPPED for c in classifications):
        return Classification.EVALUATION_SKIPPED
    return most_severe(classifications)
