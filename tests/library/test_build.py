"""The builder on a tiny library in a temporary directory: expected values come from the
reference, brute cross-checks them, output is deterministic and rebuilt only when stale."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judging.functions import casefile
from library import build, index
from tests.library import tiny_library
from tests.library.tiny_library import write

CURATED = {
    "id": "add",
    "title": "Add",
    "kind": "function",
    "entry": "add",
    "argTypes": ["int[]", "int"],
    "returnType": "void",
    "resultFrom": 0,
    "comparator": "exact",
    "cases": [
        {"name": "given", "args": [[1, 2], 1], "expected": [2, 3]},
        {"name": "computed", "args": [[5], 2]},
    ],
}

GENERATOR = """
def cases(rng):
    return [{"name": f"r{k}", "args": [[rng.randint(0, 9) for _ in range(3)], k]} for k in range(3)]

def stress(rng):
    return [{"name": "big", "args": [[1] * 1000, 1]}]

def reference(case):
    values, k = case["args"]
    for i in range(len(values)):  # in place, as the solutions do
        values[i] += k
    return values

def brute(case):
    values, k = case["args"]
    return [v + k for v in values]
"""


@pytest.fixture
def lib(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    library = tiny_library.install(tmp_path, monkeypatch)
    write(library, CURATED, GENERATOR)
    return library


def test_a_build_fills_expected_values_and_names_generated_cases(lib: Path) -> None:
    problem = casefile.load(build.build("add"))
    names = [c.name for c in problem.cases]
    assert names == ["given", "computed", "gen:r0", "gen:r1", "gen:r2", "stress:big"]
    assert [c.hidden for c in problem.cases] == [False, False, True, True, True, True]
    assert problem.cases[1].expected == [7]
    assert problem.cases[1].args == [[5], 2]  # the in-place reference worked on a copy
    assert problem.cases[5].expected == [2] * 1000


def test_builds_are_deterministic_with_one_case_per_line(lib: Path) -> None:
    first = build.build("add").read_bytes()
    assert build.build("add").read_bytes() == first
    lines = first.decode().splitlines()
    assert lines[0].startswith('{"sourceHash": "') and lines[-1] == "]}"
    assert sum(line.startswith('{"name"') for line in lines) == 6


def test_only_missing_or_stale_files_are_rebuilt(lib: Path) -> None:
    assert build.is_stale("add")
    assert build.ensure_built() == ["add"]
    assert not build.is_stale("add") and build.ensure_built() == []
    write(lib, CURATED, GENERATOR + "\n# edited\n")
    assert build.is_stale("add") and build.ensure_built(["add"]) == ["add"]
    assert build.ensure_built(["add"], force=True) == ["add"]


def test_a_change_to_a_shared_generator_helper_makes_problems_stale(lib: Path) -> None:
    build.ensure_built()
    (lib / "helpers").mkdir()
    (lib / "helpers" / "steps.py").write_text("STEP = 1\n")
    assert build.is_stale("add") and build.ensure_built() == ["add"]


def test_a_disagreeing_brute_fails_the_build(lib: Path) -> None:
    write(lib, CURATED, GENERATOR.replace("[v + k for v in values]", "[v + k + 1 for v in values]"))
    with pytest.raises(build.BuildError, match="add: case 'given': brute gives"):
        build.build("add")


def test_a_wrong_hand_written_expected_fails_the_build(lib: Path) -> None:
    curated = json.loads(json.dumps(CURATED))
    curated["cases"][0]["expected"] = [2, 4]
    write(lib, curated, GENERATOR)
    with pytest.raises(build.BuildError, match="case 'given'"):
        build.build("add")


def test_stress_cases_are_not_cross_checked(lib: Path) -> None:
    slow_brute = GENERATOR.replace(
        "return [v + k for v in values]",
        "assert len(values) < 100\n    return [v + k for v in values]",
    )
    write(lib, CURATED, slow_brute)
    build.build("add")


def test_generated_inputs_are_type_checked(lib: Path) -> None:
    write(lib, CURATED, GENERATOR.replace("rng.randint(0, 9)", "str(rng.randint(0, 9))"))
    with pytest.raises(build.BuildError, match="gen:r0"):
        build.build("add")


def test_a_broken_generator_is_reported(lib: Path) -> None:
    write(lib, CURATED, "def cases(rng):\n    return []\n")
    with pytest.raises(build.BuildError, match="defines no reference"):
        build.build("add")


def test_without_generator_every_case_needs_expected(lib: Path) -> None:
    index.generator_path("add").unlink()
    with pytest.raises(build.BuildError, match="'computed' has no expected value"):
        build.build("add")


def test_the_library_builds_every_problem_in_it() -> None:
    # The real library: every curated problem builds (what a fresh checkout does first).
    for problem_id in index.library_ids():
        build.ensure_built([problem_id])
        assert not build.is_stale(problem_id)


def test_validator_problems_check_reference_and_brute_with_the_validator(
    lib: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    curated = json.loads(json.dumps(CURATED))
    curated["comparator"] = "validator:sorted"
    for case in curated["cases"]:
        case.pop("expected", None)
    write(lib, curated, GENERATOR)
    checked: list[object] = []

    def accepts(args: list[object], got: object) -> bool | str:
        checked.append(got)
        return True

    monkeypatch.setattr(build, "load_validator", lambda path: accepts)
    problem = casefile.load(build.build("add"))
    assert not any(c.has_expected for c in problem.cases)
    assert len(checked) == 2 * 5  # reference and brute of every non-stress case
    monkeypatch.setattr(build, "load_validator", lambda path: lambda args, got: "not sorted")
    with pytest.raises(build.BuildError, match="the validator rejects the reference's"):
        build.build("add")
