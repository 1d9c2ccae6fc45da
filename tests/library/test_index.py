"""The library's index: ids map to Python package directories, built files go under var/, and
each validator problem is given the validator the library keeps beside it."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

from judging.functions.compare import load_validator
from library import index
from library.build import load_problem


def test_a_problems_directory_is_its_id_under_pythons_rules() -> None:
    directory = index.ROOT / "two_sum"
    assert index.package_name("two-sum") == "two_sum"
    assert index.problem_file("two-sum") == directory / "problem.json"
    assert index.generator_module("two-sum") == "library.two_sum.generator"
    assert index.reference_path("two-sum", "java", naive=True) == directory / "refs" / "naive.java"


def test_every_problem_file_holds_the_id_of_its_directory() -> None:
    ids = index.library_ids()
    assert len(ids) > 30 and "two-sum" in ids and "helpers" not in ids
    for problem_id in ids:
        assert json.loads(index.problem_file(problem_id).read_text())["id"] == problem_id
        generator = importlib.import_module(index.generator_module(problem_id))
        assert Path(str(generator.__file__)) == index.generator_path(problem_id)


def test_built_files_go_under_the_var_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("JUIZ_VAR_DIR", raising=False)
    assert index.built_path("two-sum") == index.CHECKOUT / "var" / "library" / "two-sum.json"
    monkeypatch.setenv("JUIZ_VAR_DIR", str(tmp_path))
    assert index.built_path("two-sum") == tmp_path / "library" / "two-sum.json"
    assert index.coverage_path() == tmp_path / "library" / "coverage.json"


def test_a_validator_problem_is_given_the_validator_beside_its_problem_json() -> None:
    found = 0
    for problem_id in index.library_ids():
        problem = load_problem(problem_id)
        given = index.with_validator(problem).validator_file
        if problem.validator is None:
            assert given is None
            continue
        assert given == index.validator_path(problem_id) and given.is_file()
        assert callable(load_validator(given))
        found += 1
    assert found >= 2  # find-peak-element, course-schedule-ii
