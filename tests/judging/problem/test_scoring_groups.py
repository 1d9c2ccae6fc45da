"""The test groups of scoring packages, read from each format's keys (judging/problem/
scoring_groups.py), and the score requirements of their example submissions."""

from __future__ import annotations

from pathlib import Path

import pytest

from judging.model import GroupSpec
from judging.problem.errors import PackageError
from judging.problem.expectations import CaseVerdict, ScoreOutcome, evaluate
from judging.problem.package import load_package
from judging.problem.submissions import read_submissions
from tests.judging.problem.builders import write_package

NEW = "problem_format_version: 2025-09\ntype: scoring\nname: S\nlimits: {time_limit: 1}\n"


RAN = [CaseVerdict("secret/g/1", "WA")]


def _tests(*groups: str) -> dict[str, str]:
    return {f"data/secret/{g}/1.{ext}": "1\n" for g in groups for ext in ("in", "ans")}


def test_a_2025_09_package_s_groups_take_the_format_s_defaults(tmp_path: Path) -> None:
    write_package(
        tmp_path,
        {
            "problem.yaml": NEW,
            "data/secret/a/test_group.yaml": "max_score: 40\n",
            "data/secret/b/test_group.yaml": "max_score: 60\nscore_aggregation: min\n"
            "require_pass: [sample, secret/a]\n",
            "data/secret/b/deep/1.in": "1\n",
            "data/secret/b/deep/1.ans": "1\n",
            **_tests("a", "b"),
        },
    )
    problem = load_package(tmp_path)
    assert problem.types == {"scoring"}
    assert problem.groups == (
        GroupSpec("secret", "sum", 100.0),
        GroupSpec("secret/a", "pass-fail", 40.0),
        GroupSpec("secret/b", "min", 60.0, require_pass=("sample", "secret/a")),
    )


def test_the_drafts_scoring_key_is_read_as_max_score_and_score_aggregation(tmp_path: Path) -> None:
    write_package(
        tmp_path,
        {
            "problem.yaml": NEW,
            "data/secret/testdata.yaml": "scoring: {aggregation: sum}\n",
            "data/secret/s1/testdata.yaml": "scoring: {score: 30, aggregation: min}\n",
            **_tests("s1"),
        },
    )
    assert load_package(tmp_path).groups[1] == GroupSpec("secret/s1", "min", 30.0)


def test_legacy_settings_are_inherited_key_by_key(tmp_path: Path) -> None:
    write_package(
        tmp_path,
        {
            "problem.yaml": "type: scoring\n",
            ".timelimit": "1\n",
            "data/testdata.yaml": "on_reject: continue\ngrader_flags: first_error avg\n",
            "data/secret/g/testdata.yaml": "accept_score: 25\nrange: 0 +inf\n",
            "data/secret/g/h/testdata.yaml": "grader_flags: min\n",
            **_tests("g/h"),
        },
    )
    groups = {g.name: g for g in load_package(tmp_path).groups}
    assert list(groups) == ["secret", "secret/g", "secret/g/h"]
    assert groups["secret"].aggregation == "avg"
    h = groups["secret/g/h"]
    assert (h.aggregation, h.accept_score, h.min_score, h.max_score) == ("min", 25.0, 0.0, None)
    assert (h.on_reject, h.tests_aggregation, h.rules) == ("continue", "min", "legacy")


def test_a_pass_fail_package_has_no_groups(tmp_path: Path) -> None:
    write_package(tmp_path, {"problem.yaml": "name: P\n", ".timelimit": "1\n", **_tests("g")})
    problem = load_package(tmp_path)
    assert (problem.types, problem.groups) == ({"pass-fail"}, ())


@pytest.mark.parametrize(
    ("files", "error"),
    [
        ({"data/secret/a/test_group.yaml": "score_aggregation: sum\n"}, "max_score is needed"),
        ({"data/secret/a/test_group.yaml": "max_score: -3\n"}, "non-negative integer"),
        ({"data/secret/a/test_group.yaml": "max_score: 9\nscore_aggregation: avg\n"}, "pass-fail"),
        ({"data/sample/test_group.yaml": "max_score: 9\n"}, "not permitted in sample"),
        (
            {"data/secret/a/test_group.yaml": "max_score: 9\nrequire_pass: secret/z\n"},
            "not an earlier group",
        ),
    ],
)
def test_scoring_settings_the_format_forbids_are_refused(
    tmp_path: Path, files: dict[str, str], error: str
) -> None:
    write_package(tmp_path, {"problem.yaml": NEW, **_tests("a"), **files})
    with pytest.raises(PackageError, match=error):
        load_package(tmp_path)


def test_score_requirements_come_from_submissions_yaml_annotations_and_the_folder(
    tmp_path: Path,
) -> None:
    write_package(
        tmp_path,
        {
            "problem.yaml": NEW,
            "submissions/submissions.yaml": "accepted/a.py:\n  score: 100\n"
            "wrong_answer/w.py:\n  score: [10, 20]\n  secret/g:\n    score: 0\n",
            "submissions/accepted/a.py": "",
            "submissions/wrong_answer/w.py": "",
            "submissions/partially_accepted/p.py": "",
            "submissions/partial/d.c": "// @EXPECTED_RESULTS@: CORRECT\n"
            "// @EXPECTED_SCORE@: 88.37\n",
        },
    )
    found = {s.name: s.expectation for s in read_submissions(tmp_path).submissions}
    assert found["accepted/a.py"].describe() == "only AC; score 100"
    wrong = found["wrong_answer/w.py"]
    assert wrong.describe() == "WA; score in [10, 20]; secret/g: score 0"
    assert evaluate(wrong, "WA", RAN, ScoreOutcome(15.0, 100.0, {"secret/g": 0.0})).agrees
    assert not evaluate(wrong, "WA", RAN, ScoreOutcome(15.0, 100.0, {"secret/g": 5.0})).agrees
    assert not evaluate(wrong, "WA", RAN, ScoreOutcome(25.0, 100.0, {"secret/g": 0.0})).agrees
    partial = found["partially_accepted/p.py"]
    assert evaluate(partial, "WA", [], ScoreOutcome(50.0, 100.0)).agrees
    assert not evaluate(partial, "AC", [], ScoreOutcome(100.0, 100.0)).agrees
    assert not evaluate(partial, "WA", [], ScoreOutcome(0.0, 100.0)).agrees
    domjudge = found["partial/d.c"]
    assert evaluate(domjudge, "AC", [], ScoreOutcome(88.372, 100.0)).agrees
    assert not evaluate(domjudge, "AC", [], ScoreOutcome(88.38, 100.0)).agrees
    assert not evaluate(domjudge, "AC", [], None).agrees  # a pass-fail judgement has no score
