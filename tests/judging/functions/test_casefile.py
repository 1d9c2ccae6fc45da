"""Case files: the three kinds load into frozen data; every contract violation is refused with a
message naming the problem, the case and the key."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from judging.functions import casefile
from judging.functions.casefile import CaseFileError

DATA = Path(__file__).resolve().parent / "data"


def raw(name: str) -> dict[str, Any]:
    loaded = json.loads((DATA / f"{name}.json").read_text())
    assert isinstance(loaded, dict)
    return loaded


def refused(data: dict[str, Any], message: str, **options: bool) -> None:
    with pytest.raises(CaseFileError) as error:
        casefile.parse(data, **options)
    assert message in str(error.value), str(error.value)


def test_a_function_problem_loads_with_its_limits_and_cases() -> None:
    problem = casefile.load(DATA / "add-two.json")
    assert (problem.id, problem.kind, problem.title) == ("add-two", "function", "Add two")
    assert problem.time_limit_s == 2.0 and problem.memory_mb == 256
    assert [c.name for c in problem.cases] == ["small", "negative", "gen:1", "gen:2"]
    assert [c.hidden for c in problem.cases] == [False, False, True, True]
    assert problem.cases[0].args == [1, 2] and problem.cases[0].expected == 3
    assert "cases" not in problem.manifest and problem.statement == "Return `a + b`."
    assert problem.comparator == "exact" and problem.validator is None


def test_payload_cases_carry_expected_only_when_asked() -> None:
    case = casefile.load(DATA / "add-two.json").cases[2]
    assert case.payload(2, with_expected=True) == {
        "i": 2,
        "name": "gen:1",
        "args": [100, 23],
        "expected": 123,
    }
    assert case.payload(2, with_expected=False) == {"i": 2, "name": "gen:1", "args": [100, 23]}


def test_a_sequence_case_has_per_step_expected_values() -> None:
    problem = casefile.load(DATA / "min-stack.json")
    case = problem.cases[0]
    assert [s.method for s in case.steps][:2] == ["constructor", "push"]
    assert case.expected == [None, None, None, 1, None, 3] and case.has_expected
    hidden = problem.cases[1].payload(0, with_expected=False)
    assert all("expected" not in step for step in hidden["steps"])
    assert problem.cases[1].payload(1, with_expected=True)["steps"][2]["expected"] == -2
    assert case.input_value()[1] == ["push", [3]]


def test_a_roundtrip_case_expects_its_own_data() -> None:
    problem = casefile.load(DATA / "codec.json")
    assert problem.cases[0].expected == ["neet", "code"] and problem.cases[0].has_expected
    assert problem.cases[0].payload(0, with_expected=False) == {
        "i": 0,
        "name": "basic",
        "data": ["neet", "code"],
    }


def test_the_harness_manifest_has_no_cases_and_no_statement() -> None:
    manifest = casefile.load(DATA / "add-two.json").harness_manifest()
    assert manifest["entry"] == "addTwo" and "statement" not in manifest and "cases" not in manifest


def mutate(name: str, path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(raw(name))
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    if value is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


DELETE = object()


@pytest.mark.parametrize(
    ("name", "path", "value", "message"),
    [
        ("add-two", ("kind",), "program", "`kind` must be one of"),
        ("add-two", ("id",), "Add Two", "`id` must be"),
        ("add-two", ("argTypes",), ["int", "integer"], "unknown type 'integer'"),
        ("add-two", ("comparator",), "fuzzy", "unknown comparator 'fuzzy'"),
        ("add-two", ("comparator",), "validator:../x", "validator name"),
        ("add-two", ("cases", 1, "args"), [1], "case 1 ('negative'): args: expected 2 arguments"),
        ("add-two", ("cases", 0, "expected"), "3", "expected: expected an integer"),
        ("add-two", ("cases", 0, "expected"), DELETE, "`expected` is missing"),
        ("add-two", ("cases", 1, "name"), "small", "two cases are named 'small'"),
        ("add-two", ("cases", 0, "hiden"), True, "unknown keys for a function case: hiden"),
        ("add-two", ("argtypes",), [], "unknown keys for kind function: argtypes"),
        ("add-two", ("returnType",), "void", "void needs `resultFrom`"),
        ("add-two", ("resultFrom",), 2, "`resultFrom` must be an argument index"),
        ("add-two", ("mustCopy",), True, "`mustCopy` must be an argument index"),
        ("add-two", ("names",), {"rust": "add"}, "unknown language 'rust'"),
        ("add-two", ("names",), {"python": "add two"}, "`names.python` must be an identifier"),
        ("add-two", ("timeLimit",), 0, "`timeLimit`"),
        ("add-two", ("memoryMb",), 1 << 20, "`memoryMb`"),
        ("add-two", ("cases",), [], "non-empty array"),
        ("add-two", ("argNames",), ["a"], "must name each of the 2 arguments"),
        ("add-two", ("argNames",), ["a", "a"], "the names must differ"),
        ("add-two", ("argNames",), ["a", "b c"], "`argNames[1]` must be an identifier"),
        ("min-stack", ("methods", "push", "argNames"), [], "`methods.push.argNames` must name"),
        ("min-stack", ("methods", "constructor"), DELETE, "a sequence needs a `constructor`"),
        ("min-stack", ("cases", 0, "steps", 0, "method"), "push", "first step, and only it"),
        ("min-stack", ("cases", 0, "steps", 1, "method"), "peek", "'peek' is not in `methods`"),
        ("min-stack", ("cases", 0, "steps", 3, "expected"), None, "steps[3]: expected: expected"),
        ("min-stack", ("cases", 0, "steps", 1, "expected"), 5, "expected null (void)"),
        (
            "min-stack",
            ("cases", 0, "steps", 3, "expected"),
            DELETE,
            "steps[3]: `expected` is missing",
        ),
        ("min-stack", ("methods", "constructor", "returnType"), "int", "constructor returns"),
        ("codec", ("cases", 0, "data"), "neet", "data: expected an array"),
        ("codec", ("cases", 0, "expected"), ["neet"], "roundtrip case has no `expected`"),
        ("codec", ("dataType",), "ListNodeCycle[]", "unsupported type"),
    ],
)
def test_contract_violations_are_refused_with_a_clear_message(
    name: str, path: tuple[Any, ...], value: Any, message: str
) -> None:
    refused(mutate(name, path, value), message)


def test_curated_cases_may_lack_expected_until_built() -> None:
    data = mutate("add-two", ("cases", 0, "expected"), DELETE)
    problem = casefile.parse(data, require_expected=False)
    assert not problem.cases[0].has_expected and problem.cases[1].has_expected


def test_validator_problems_have_no_expected() -> None:
    data = raw("add-two")
    data["comparator"] = "validator:any_sum"
    refused(data, "has no `expected`")
    for case in data["cases"]:
        del case["expected"]
    problem = casefile.parse(data)
    assert problem.validator == "any_sum" and not problem.cases[0].has_expected


def test_void_with_result_from_expects_the_arguments_type() -> None:
    data = raw("add-two")
    data.update(argTypes=["int[]", "int"], returnType="void", resultFrom=0)
    data["cases"] = [{"name": "a", "args": [[1, 2], 3], "expected": [3, 2, 1]}]
    assert casefile.parse(data).cases[0].expected == [3, 2, 1]
    data["cases"][0]["expected"] = 3
    refused(data, "expected: expected an array")


def test_unreadable_files_name_the_path(tmp_path: Path) -> None:
    bad = tmp_path / "x.json"
    bad.write_text("{not json")
    with pytest.raises(CaseFileError, match=r"x\.json: not JSON"):
        casefile.load(bad)
    with pytest.raises(CaseFileError, match="cannot read"):
        casefile.load(tmp_path / "missing.json")


def test_parameter_names_may_be_given() -> None:
    casefile.parse(mutate("add-two", ("argNames",), ["left", "right"]))
    casefile.parse(mutate("min-stack", ("methods", "push", "argNames"), ["value"]))
