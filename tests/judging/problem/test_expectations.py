"""Whether a judgement meets an expectation: permitted / required over test globs, outcome
sets, tests left unrun after a first failure, and the format's glob patterns."""

from __future__ import annotations

import pytest

from judging.problem.expectations import CaseVerdict, Expectation, Rule, evaluate
from judging.problem.globs import expand_braces, matches

WA_FOLDER = Rule(permitted=frozenset({"AC", "WA"}), required=frozenset({"WA"}))


def ran(**verdicts: str | None) -> list[CaseVerdict]:
    return [CaseVerdict(name.replace("__", "/"), v) for name, v in verdicts.items()]


def test_a_wrong_answer_folder_needs_one_wa_and_nothing_but_ac_or_wa() -> None:
    rules = Expectation("folder", rules=(WA_FOLDER,))
    assert evaluate(rules, "WA", ran(secret__1="AC", secret__2="WA")).agrees is True
    assert evaluate(rules, "AC", ran(secret__1="AC", secret__2="AC")).agrees is False
    crashed = evaluate(rules, "RTE", ran(secret__1="RTE"))
    assert crashed.agrees is False and "secret/1 got RTE" in crashed.why
    assert evaluate(rules, "CE", []).agrees is False  # nothing ran


def test_a_rule_left_open_by_unrun_tests_is_undecided_then_decided() -> None:
    group = Rule(tests="secret/*{1,3}", required=frozenset({"AC"}))
    expectation = Expectation("submissions.yaml", rules=(WA_FOLDER, group))
    stopped = ran(secret__1x="WA", secret__3=None)  # secret/3 not run after the failure
    assert evaluate(expectation, "WA", stopped).agrees is None
    assert evaluate(expectation, "WA", ran(secret__1x="WA", secret__3="AC")).agrees is True
    assert evaluate(expectation, "WA", ran(secret__1x="WA", secret__3="WA")).agrees is False


def test_an_outcome_set_takes_any_listed_result() -> None:
    expectation = Expectation("annotation", outcome=frozenset({"AC", "CE"}))
    assert evaluate(expectation, "CE", []).agrees is True
    assert evaluate(expectation, "WA", ran(secret__1="WA")).agrees is False


def test_a_message_must_appear_in_some_judge_message() -> None:
    rule = Rule(message="hello")
    expectation = Expectation("submissions.yaml", rules=(rule,))
    said = [CaseVerdict("secret/1", "WA", "expected 5, got hello")]
    assert evaluate(expectation, "WA", said).agrees is True
    assert evaluate(expectation, "WA", [CaseVerdict("secret/1", "WA", "no")]).agrees is False


@pytest.mark.parametrize(
    ("pattern", "path", "hit"),
    [
        ("accepted", "accepted/a.py", True),  # a parent directory matches
        ("accepted/*", "accepted/a.py", True),
        ("*/nested_wa.py", "match/nested/nested_wa.py", False),  # * never matches /
        ("match/match", "match/match_wa.py", False),  # whole names only
        ("expansion/ac.{py,cpp}", "expansion/ac.cpp", True),
        ("expansion/ac.{py,cpp}", "expansion/ac.rb", False),
        ("secret/*{ 4 }{ 2 }", "secret/42", True),  # blanks around alternatives drop
        ("secret/*{,0,1}{0,2}", "secret/12", True),
        ("secret/*{,0,1}{0,2}", "secret/13", False),
        ("secret/[ab]", "secret/a", False),  # [xyz] is not part of the format
    ],
)
def test_globs_follow_the_format(pattern: str, path: str, hit: bool) -> None:
    assert matches(pattern, path) is hit


def test_braces_expand_as_a_cartesian_product() -> None:
    assert expand_braces("a{1,2}{x,y}") == ["a1x", "a1y", "a2x", "a2y"]
    assert expand_braces("{a,{b,c}}d") == ["ad", "bd", "cd"]
    assert expand_braces("no{brace") == ["no{brace"]


def test_memory_limit_exceeded_meets_an_expected_run_time_error() -> None:
    assert evaluate(Expectation("annotation", outcome=frozenset({"RTE"})), "MLE", []).agrees
    assert not evaluate(Expectation("annotation", outcome=frozenset({"MLE"})), "RTE", []).agrees
