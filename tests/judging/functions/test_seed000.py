"""Seed 000's own examples (data/seed000/, verbatim) load as case files and a right solution of
each is Accepted in Python and C++, in the real sandbox; a sequence without `methods` gets its
signatures inferred from its steps, and typed `methods` still override (docs/functions.md,
"Inferred methods")."""

from __future__ import annotations

import json

import pytest

from judging.classification import Classification
from judging.functions import casefile
from judging.functions.casefile import CaseFileError
from judging.sandbox import make_sandbox
from judging.sandbox.base import Sandbox
from tests.judging.functions import seed000
from tests.judging.functions.inline import judge
from tests.judging.functions.scenario_files import solution


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    return make_sandbox()


@pytest.mark.parametrize("problem_id", seed000.IDS)
def test_every_example_of_the_seed_loads(problem_id: str) -> None:
    loaded = seed000.load(problem_id)
    assert loaded.id == problem_id and loaded.cases


def test_the_lru_cache_example_gets_its_methods_from_its_steps() -> None:
    assert "methods" not in seed000.raw("lru-cache")
    assert seed000.load("lru-cache").manifest["methods"] == {
        "constructor": {"argTypes": ["int"]},
        "put": {"argTypes": ["int", "int"], "returnType": "void"},
        "get": {"argTypes": ["int"], "returnType": "int"},
    }


def test_typed_methods_override_inference() -> None:
    data = seed000.raw("lru-cache")
    data["methods"] = {
        "constructor": {"argTypes": ["int"]},
        "get": {"argTypes": ["long"], "returnType": "long"},
        "put": {"argTypes": ["long", "long"], "returnType": "void"},
    }
    assert casefile.parse(data).manifest["methods"] == data["methods"]
    del data["methods"]["put"]  # declared methods are the whole list: no guess for the rest
    with pytest.raises(CaseFileError, match="'put' is not in `methods`"):
        casefile.parse(data)


def _sequence(*steps: dict[str, object]) -> dict[str, object]:
    first = {"method": "constructor", "args": [], "expected": None}
    return {
        "id": "seq",
        "kind": "sequence",
        "class": "Thing",
        "cases": [{"name": "one", "steps": [first, *steps]}],
    }


def test_values_widen_to_one_type_across_steps() -> None:
    data = _sequence(
        {"method": "add", "args": [1, [], "a"], "expected": 2},
        {"method": "add", "args": [2**40, [[1]], "b"], "expected": 2.5},
        {"method": "flag", "args": [[True, False]], "expected": ["x"]},
    )
    methods = casefile.parse(data).manifest["methods"]
    assert methods["add"] == {"argTypes": ["long", "int[][]", "string"], "returnType": "float"}
    assert methods["flag"] == {"argTypes": ["bool[]"], "returnType": "string[]"}


@pytest.mark.parametrize(
    ("steps", "message"),
    [
        ([{"method": "f", "args": [None], "expected": 1}], "only ever null"),
        ([{"method": "f", "args": [[]], "expected": 1}], "only ever an empty array"),
        (
            [
                {"method": "f", "args": [1], "expected": None},
                {"method": "f", "args": [1], "expected": 2},
            ],
            "null in some steps",
        ),
        (
            [
                {"method": "f", "args": [1], "expected": 1},
                {"method": "f", "args": ["a"], "expected": 1},
            ],
            "types int and string",
        ),
        (
            [
                {"method": "f", "args": [1], "expected": 1},
                {"method": "f", "args": [], "expected": 1},
            ],
            "called with 1 and 0 arguments",
        ),
    ],
)
def test_what_cannot_be_inferred_asks_for_methods(
    steps: list[dict[str, object]], message: str
) -> None:
    with pytest.raises(CaseFileError, match="declare it in `methods`") as error:
        casefile.parse(_sequence(*steps))
    assert message in str(error.value) and "'f'" in str(error.value)


def test_a_validator_sequence_without_expected_values_needs_methods() -> None:
    data = _sequence({"method": "f", "args": [1]})
    data["comparator"] = "validator:any"
    data["cases"][0]["steps"][0].pop("expected")  # type: ignore[index]
    with pytest.raises(CaseFileError, match="no step has `expected`"):
        casefile.parse(data)


@pytest.mark.sandbox
@pytest.mark.parametrize("language", ["python3", "cpp"])
@pytest.mark.parametrize("problem_id", seed000.IDS)
def test_a_right_solution_of_each_example_is_accepted(
    sandbox: Sandbox, language: str, problem_id: str
) -> None:
    source = solution(language, f"seed_{problem_id}").read_text()
    report, _ = judge(sandbox, language, seed000.judgeable(problem_id), source)
    assert report.classification is Classification.ACCEPTED, report.to_dict()


def test_generated_cases_are_hidden_by_their_name_as_the_seed_marks_them() -> None:
    data = seed000.raw("two-integer-sum")
    data["cases"] += [
        {"name": "gen:1", "args": [[1, 2], 3], "expected": [0, 1]},
        {"name": "stress:big", "args": [[5, 6], 11], "expected": [0, 1]},
        {"name": "gen:shown", "args": [[1, 3], 4], "expected": [0, 1], "hidden": False},
    ]
    hidden = {case.name: case.hidden for case in casefile.parse(data).cases}
    assert hidden == {
        "basic": False,
        "negatives": False,
        "gen:1": True,
        "stress:big": True,
        "gen:shown": False,
    }


@pytest.mark.parametrize("problem_id", ["lru-cache", "min-stack", "time-based-key-value-store"])
def test_inference_finds_the_types_the_librarys_design_problems_declare(problem_id: str) -> None:
    from library import index

    data = json.loads(index.problem_file(problem_id).read_text())
    declared = {
        k: (v["argTypes"], v.get("returnType", "void")) for k, v in data.pop("methods").items()
    }
    methods = casefile.parse(data, require_expected=False).manifest["methods"]
    inferred = {k: (v["argTypes"], v.get("returnType", "void")) for k, v in methods.items()}
    assert inferred == declared
