"""Scoring problems' rules (judging/scoring.py), on judged tests made up here: each rule of the
format's "Result aggregation" (2025-09) and of the legacy reading, and the judge errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from judging.checkers.base import ValidatorError
from judging.classification import Classification as C
from judging.model import GroupSpec, Problem
from judging.model import TestCase as DataCase
from judging.report import TestReport as Run
from judging.scoring import score_tests, skip_rule

AC, WA, TLE = C.ACCEPTED, C.WRONG_ANSWER, C.TIME_LIMIT_EXCEEDED


def _problem(*groups: GroupSpec, tests: tuple[str, ...] = ()) -> Problem:
    cases = tuple(DataCase(n, Path(n), Path(n), sample=n.startswith("sample")) for n in tests)
    return Problem("p", "P", 1.0, tests=cases, groups=groups, types=frozenset({"scoring"}))


def _run(name: str, got: C = AC, score: float | None = None, mult: float | None = None) -> Run:
    return Run(name, got, feedback_score=score, feedback_multiplier=mult)


SECRET = GroupSpec("secret", "sum", 100.0)


def test_pass_fail_groups_score_their_maximum_only_when_every_test_passes() -> None:
    problem = _problem(
        SECRET, GroupSpec("secret/g1", "pass-fail", 30.0), GroupSpec("secret/g2", "pass-fail", 70.0)
    )
    tests = [_run("secret/g1/1"), _run("secret/g1/2"), _run("secret/g2/1"), _run("secret/g2/2", WA)]
    scored = score_tests(problem, tests)
    assert scored.score == 30.0
    assert [(g.name, g.score, g.max_score, g.classification) for g in scored.groups] == [
        ("secret/g1", 30.0, 30.0, AC),
        ("secret/g2", 0.0, 70.0, WA),
    ]
    assert scored.max_score == 100.0


def test_a_sum_group_shares_its_maximum_among_its_tests_and_a_min_group_takes_the_worst() -> None:
    problem = _problem(
        SECRET, GroupSpec("secret/a", "sum", 40.0), GroupSpec("secret/b", "min", 60.0)
    )
    tests = [
        _run("secret/a/1"),
        _run("secret/a/2", WA),
        _run("secret/a/3", mult=0.5),
        _run("secret/a/4"),
        _run("secret/b/1", score=45.0),
        _run("secret/b/2", mult=0.25),
    ]
    scored = score_tests(problem, tests)
    assert [g.score for g in scored.groups] == [10 + 0 + 5 + 10, 15.0]
    assert scored.score == 40.0
    assert [t.score for t in scored.tests] == [10.0, 0.0, 5.0, 10.0, 45.0, 15.0]


def test_samples_are_never_scored_and_secret_alone_can_hold_the_tests() -> None:
    problem = _problem(SECRET)
    tests = [_run("sample/1", WA), _run("secret/1"), _run("secret/2"), _run("secret/3", TLE)]
    scored = score_tests(problem, tests)
    assert round(scored.score or 0, 4) == 66.6667
    assert scored.groups == ()
    assert scored.tests[0].score is None


def test_an_unbounded_secret_adds_the_validators_scores() -> None:
    problem = _problem(GroupSpec("secret", "sum", None), GroupSpec("secret/g", "sum", None))
    scored = score_tests(problem, [_run("secret/g/1", score=7.5), _run("secret/g/2", score=2)])
    assert (scored.score, scored.max_score) == (9.5, None)


@pytest.mark.parametrize(
    ("group", "run", "error"),
    [
        (GroupSpec("secret/g", "sum", None), _run("secret/g/1"), "without score.txt"),
        (GroupSpec("secret/g", "sum", 50.0), _run("secret/g/1", WA, 0.0), "rejected it but wrote"),
        (GroupSpec("secret/g", "pass-fail", 50.0), _run("secret/g/1", score=1), "pass-fail"),
        (GroupSpec("secret/g", "sum", None), _run("secret/g/1", mult=0.5), "unbounded"),
        (GroupSpec("secret/g", "min", 50.0), _run("secret/g/1", score=51), "over the test's"),
    ],
)
def test_what_the_format_calls_a_judge_error_is_one(group: GroupSpec, run: Run, error: str) -> None:
    secret = GroupSpec("secret", "sum", None if group.max_score is None else 100.0)
    with pytest.raises(ValidatorError, match=error):
        score_tests(_problem(secret, group), [run])


def test_a_secret_over_its_maximum_is_a_judge_error() -> None:
    problem = _problem(
        SECRET, GroupSpec("secret/a", "pass-fail", 80.0), GroupSpec("secret/b", "pass-fail", 80.0)
    )
    with pytest.raises(ValidatorError, match="over its maximum 100"):
        score_tests(problem, [_run("secret/a/1"), _run("secret/b/1")])


LEGACY = {"tests_aggregation": "min", "rules": "legacy", "on_reject": "continue"}


def _legacy(name: str, mode: str = "sum", accept: float = 1.0, **more: object) -> GroupSpec:
    return GroupSpec(name, mode, accept_score=accept, **(LEGACY | more))  # type: ignore[arg-type]


def test_legacy_accept_score_is_what_a_group_whose_tests_all_pass_is_worth() -> None:
    problem = _problem(
        _legacy("secret"), _legacy("secret/small", accept=10), _legacy("secret/large", accept=30)
    )
    tests = [
        _run("secret/large/1"),
        _run("secret/large/2", WA),
        _run("secret/small/1"),
        _run("secret/small/2"),
    ]
    scored = score_tests(problem, tests)
    assert scored.score == 10.0
    assert [(g.score, g.max_score) for g in scored.groups] == [(10.0, 10.0), (0.0, 30.0)]
    assert scored.max_score == 40.0


def test_the_legacy_grader_modes_combine_subgroups() -> None:
    problem = _problem(
        _legacy("secret"),
        _legacy("secret/avg", "avg"),
        _legacy("secret/avg/a", "avg", 15),
        _legacy("secret/avg/b", "avg", 45),
        _legacy("secret/max", "max"),
        _legacy("secret/max/a", "max", 5),
        _legacy("secret/max/b", "max", 8),
    )
    tests = ["secret/avg/a/1", "secret/avg/b/1", "secret/max/a/1", "secret/max/b/1"]
    scored = score_tests(
        problem, [_run(tests[0]), _run(tests[1], WA), _run(tests[2]), _run(tests[3], WA)]
    )
    assert {g.name: g.score for g in scored.groups}["secret/avg"] == 7.5
    assert scored.score == 7.5 + 5.0
    assert scored.max_score == 30.0 + 8.0


def test_legacy_score_txt_counts_and_a_rejected_tests_is_ignored() -> None:
    problem = _problem(_legacy("secret"), _legacy("secret/main", min_score=0.0, max_score=100.0))
    assert score_tests(problem, [_run("secret/main/1", score=88.37)]).score == 88.37
    assert score_tests(problem, [_run("secret/main/1", WA, score=0.0)]).score == 0.0
    with pytest.raises(ValidatorError, match="over its maximum 100"):
        score_tests(problem, [_run("secret/main/1", score=101)])


def test_a_pass_fail_problem_gets_no_score() -> None:
    problem = Problem("p", "P", 1.0)
    scored = score_tests(problem, [_run("secret/1")])
    assert (scored.score, scored.groups) == (None, ())


def _skips(problem: Problem, results: dict[str, C], run_all: bool = True) -> list[str]:
    rule = skip_rule(problem, run_all)
    done: list[Run] = []
    for test in problem.tests:
        why = rule(test, done)
        done.append(Run(test.name, C.EVALUATION_SKIPPED if why else results[test.name]))
    return [r.name for r in done if r.classification is C.EVALUATION_SKIPPED]


def test_require_pass_skips_a_group_until_the_one_it_names_passes() -> None:
    names = ("sample/1", "secret/a/1", "secret/b/1", "secret/c/1")
    problem = _problem(
        SECRET,
        GroupSpec("secret/a", "pass-fail", 20.0),
        GroupSpec("secret/b", "pass-fail", 40.0, require_pass=("secret/a",)),
        GroupSpec("secret/c", "pass-fail", 40.0, require_pass=("sample",)),
        tests=names,
    )
    results = dict.fromkeys(names, AC) | {"secret/a/1": WA}
    assert _skips(problem, results) == ["secret/b/1"]
    assert _skips(problem, results | {"sample/1": WA}) == ["secret/b/1", "secret/c/1"]


def test_legacy_on_reject_break_skips_the_rest_of_its_group_only() -> None:
    names = ("secret/a/1", "secret/a/2", "secret/b/1")
    problem = _problem(
        _legacy("secret"), _legacy("secret/a", on_reject="break"), _legacy("secret/b"), tests=names
    )
    results = dict.fromkeys(names, AC) | {"secret/a/1": WA}
    assert _skips(problem, results) == ["secret/a/2"]


def test_stopping_early_skips_only_tests_whose_group_score_is_decided() -> None:
    names = ("secret/a/1", "secret/a/2", "secret/b/1", "secret/b/2")
    problem = _problem(
        SECRET, GroupSpec("secret/a", "min", 50.0), GroupSpec("secret/b", "sum", 50.0), tests=names
    )
    results = dict.fromkeys(names, WA)
    assert _skips(problem, results, run_all=False) == ["secret/a/2"]
    assert _skips(problem, results, run_all=True) == []
