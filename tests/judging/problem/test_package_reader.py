"""The package reader on both formats: what it reads, in which order, and how it refuses."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from judging.problem.errors import PackageError
from judging.problem.package import load_package
from tests.judging.problem.builders import PACKAGES, minimal, write_package


def names(problem_dir: Path) -> list[str]:
    return [t.name for t in load_package(problem_dir).tests]


def test_a_legacy_package_reads_its_timelimit_file_and_nested_groups() -> None:
    problem = load_package(PACKAGES / "sum")
    assert problem.id == "sum"
    assert problem.name == "Sum of Two Numbers"
    assert (problem.time_limit_s, problem.time_limit_source) == (0.5, ".timelimit")
    assert (problem.memory_mb, problem.output_kib) == (128, 1024)  # limits.output is MiB
    assert problem.validation.kind == "kattis" and problem.validation.flags == ()
    assert [t.name for t in problem.tests] == [
        "sample/1",
        "sample/2",
        "secret/01-small/01",
        "secret/01-small/02",
        "secret/01-small/03",
        "secret/02-large/01",
        "secret/02-large/02",
        "secret/03-edge",
    ]
    assert [t.sample for t in problem.tests] == [True, True] + [False] * 6
    first = problem.tests[0]
    assert first.input.read_text() == "1 2\n" and first.answer.read_text() == "3\n"


def test_a_2023_07_package_reads_its_time_limit_language_names_and_group_flags() -> None:
    problem = load_package(PACKAGES / "hypot")
    assert problem.name == "Hypotenuse"  # English from the {language: name} map
    assert (problem.time_limit_s, problem.time_limit_source) == (1.0, "problem.yaml")
    assert problem.validation.kind == "kattis"
    assert problem.validation.flags == ("float_tolerance", "1e-6")
    assert len(problem.tests) == 6


def test_a_legacy_output_validator_directory_means_custom_validation() -> None:
    problem = load_package(PACKAGES / "derangement")
    validation = problem.validation
    assert validation.kind == "custom"
    assert (
        validation.validator_dir == PACKAGES.resolve() / "derangement/output_validators/derangement"
    )


def test_2023_07_output_validator_folder_means_custom(tmp_path: Path) -> None:
    minimal(
        tmp_path,
        "problem_format_version: 2023-07-draft\nname: X\n",
        {
            "output_validator/validate.py": "",
            "data/test_group.yaml": "output_validator_args: [mode, strict]\n",
        },
    )
    validation = load_package(tmp_path).validation
    assert validation.kind == "custom"
    assert validation.validator_dir == tmp_path.resolve() / "output_validator"
    assert validation.flags == ("mode", "strict")


def test_legacy_single_file_validator_is_its_own_folder(tmp_path: Path) -> None:
    minimal(tmp_path, "validation: custom\n", {"output_validators/check.py": ""})
    assert (
        load_package(tmp_path).validation.validator_dir == tmp_path.resolve() / "output_validators"
    )


def test_legacy_flags_join_problem_yaml_and_testdata_yaml(tmp_path: Path) -> None:
    minimal(
        tmp_path,
        "validator_flags: case_sensitive\n",
        {
            "data/testdata.yaml": "output_validator_flags: float_tolerance 1e-4\n",
            "data/sample/1.in": "",
            "data/sample/1.ans": "",
        },
    )
    assert load_package(tmp_path).validation.flags == ("case_sensitive", "float_tolerance", "1e-4")


def test_tests_and_groups_interleave_lexicographically_by_base_name(tmp_path: Path) -> None:
    files = {
        f"data/secret/{n}": ""
        for n in (
            "b.in",
            "b.ans",
            "a/2.in",
            "a/2.ans",
            "a/10.in",
            "a/10.ans",
            "a1.in",
            "a1.ans",
            "1-x.in",
            "1-x.ans",
            "1.in",
            "1.ans",
            "c/z/1.in",
            "c/z/1.ans",
            "c/0.in",
            "c/0.ans",
        )
    } | {
        "data/sample/9.in": "",
        "data/sample/9.ans": "",
        "data/sample/10.in": "",
        "data/sample/10.ans": "",
    }
    write_package(tmp_path, {"problem.yaml": "", ".timelimit": "1"} | files)
    assert names(tmp_path) == [
        "sample/10",
        "sample/9",  # lexicographic, not numeric; sample before secret
        "secret/1",
        "secret/1-x",  # by base name: "1" < "1-x" (file names would say otherwise)
        "secret/a/10",
        "secret/a/2",
        "secret/a1",
        "secret/b",
        "secret/c/0",
        "secret/c/z/1",
    ]


def test_name_falls_back_to_statement_then_directory(tmp_path: Path) -> None:
    minimal(tmp_path / "p1", "", {"problem_statement/problem.en.tex": "\\problemname{Tex Name}\n"})
    minimal(tmp_path / "p2", "")
    assert load_package(tmp_path / "p1").name == "Tex Name"
    assert load_package(tmp_path / "p2").name == "p2"


def test_the_time_limit_sources_are_tried_in_order(tmp_path: Path) -> None:
    minimal(tmp_path, "limits: {time_limit: 3}\n")
    assert load_package(tmp_path).time_limit_source == "problem.yaml"
    problem = load_package(tmp_path, time_limit_override=0.25)
    assert (problem.time_limit_s, problem.time_limit_source) == (0.25, "override")
    (tmp_path / "problem.yaml").write_text("")
    (tmp_path / ".timelimit").unlink()
    (tmp_path / "domjudge-problem.ini").write_text("name='x'\ntimelimit='2.5'\n")
    problem = load_package(tmp_path)
    assert (problem.time_limit_s, problem.time_limit_source) == (2.5, "domjudge-problem.ini")


def test_memory_output_and_code_limits_are_read_in_their_units(tmp_path: Path) -> None:
    minimal(tmp_path, "limits: {memory: 512, output: 16, code: 64}\n")
    problem = load_package(tmp_path)
    assert (problem.memory_mb, problem.output_kib, problem.source_size_kib) == (512, 16384, 64)


@pytest.mark.parametrize(
    ("problem_yaml", "allowed"),
    [
        ("problem_format_version: 2025-09\nallow_file_writing: true\n", True),
        ("problem_format_version: 2025-09\n", False),
        ("allow_file_writing: true\n", False),  # legacy has no such key
    ],
)
def test_allow_file_writing_is_read_from_2025_09_and_defaults_to_no(
    tmp_path: Path, problem_yaml: str, allowed: bool
) -> None:
    minimal(tmp_path, problem_yaml + "name: Files\nlimits: {time_limit: 1}\n")
    assert load_package(tmp_path).allow_file_writing is allowed


ERRORS = [
    ({"problem.yaml": "name: [unclosed\n"}, "problem.yaml: invalid YAML"),
    ({"problem.yaml": "- a list\n"}, "expected a mapping"),
    ({"problem.yaml": "name: {}\nlimits: 3\n"}, "limits must be a mapping"),
    ({"problem.yaml": "name: 7\n"}, "name must be a string"),
    ({"problem.yaml": "validation: strict\n"}, "validation must be default or custom"),
    (
        {"problem.yaml": "validation: custom interactive\n"},
        "there is no output validator",  # the interactor
    ),
    (
        {"problem.yaml": "type: scoring\nvalidation: custom score\n"},
        "there is no output validator",
    ),
    ({"problem.yaml": "validation: custom\n"}, "there is no output validator"),
    (
        {"problem.yaml": "type: scoring\n", "data/secret/testdata.yaml": "range: 9 1\n"},
        "range '9 1' ends before it starts",
    ),
    (
        {
            "problem.yaml": "problem_format_version: 2025-09\ntype: pass-fail multi-pass\n"
            "limits: {validation_passes: 1}\n"
        },
        "limits.validation_passes must be an integer of at least 2",
    ),
    (
        {"problem.yaml": "problem_format_version: 2025-09\ntype: submit-answer multi-pass\n"},
        "type: submit-answer and multi-pass cannot be combined",
    ),
    (
        {"problem.yaml": "problem_format_version: 2025-09\n", "static_validator/v.py": ""},
        "static_validator/: static validation is not judgeable yet",
    ),
    (
        {
            "problem.yaml": "problem_format_version: 2025-09\n",
            "data/secret/test_group.yaml": "output_validator_args: [float_tolerance, '1e-6',"
            " float_tolerance, '1e-3']\n",
        },
        "tolerances given more than once",
    ),
    ({"problem.yaml": "problem_format_version: 1999\n"}, "unknown problem_format_version"),
    ({"problem.yaml": "limits: {memory: -1}\n"}, "limits.memory: expected a positive number"),
    (
        {"problem.yaml": "validator_flags: float_tolerance\n"},
        "float_tolerance needs a finite number",
    ),
    ({".timelimit": "fast\n"}, ".timelimit: expected a number of seconds"),
    ({"data/secret/2.in": "x"}, "data/secret/2.in has no answer file 2.ans"),
    (
        {"problem.yaml": "problem_format_version: 2025-09\n", "data/secret/g/3.ans": "x"},
        "data/secret/g/3.ans has no input file 3.in",
    ),
    ({"data/secret/1/x.in": "", "data/secret/1/x.ans": ""}, "1.in and subgroup 1/ share a name"),
    ({"data/secret/1.files/f.txt": ""}, "input files are a 2023-07 feature"),
    ({"data/secret/9.files/f.txt": ""}, "data/secret/9.files has no input file 9.in"),
    (
        {
            "output_validators/a.py": "",
            "output_validators/b/v.py": "",
            "problem.yaml": "validation: custom\n",
        },
        "several validators (a.py, b)",
    ),
]


@pytest.mark.parametrize(("files", "message"), ERRORS, ids=[m for _, m in ERRORS])
def test_package_errors_are_package_errors_with_a_message(
    tmp_path: Path, files: dict[str, str], message: str
) -> None:
    minimal(tmp_path, files=files)
    with pytest.raises(PackageError) as caught:
        load_package(tmp_path)
    assert message in str(caught.value)


def test_a_package_missing_a_piece_is_refused_saying_which(tmp_path: Path) -> None:
    with pytest.raises(PackageError, match="no such directory"):
        load_package(tmp_path / "nowhere")
    with pytest.raises(PackageError, match=r"no problem\.yaml"):
        load_package(tmp_path)
    write_package(tmp_path, {"problem.yaml": "", ".timelimit": "1"})
    with pytest.raises(PackageError, match="no data/ directory"):
        load_package(tmp_path)
    (tmp_path / "data/sample").mkdir(parents=True)
    with pytest.raises(PackageError, match="no test case in data/secret/ or data/sample/"):
        load_package(tmp_path)


def test_symbolic_links_must_stay_inside_the_package(tmp_path: Path) -> None:
    outside = tmp_path / "secret.txt"
    outside.write_text("the judge's files\n")
    package = minimal(tmp_path / "pkg", files={"data/secret/2.ans": ""})
    os.symlink(outside, package / "data/secret/2.in")
    with pytest.raises(PackageError, match=r"data/secret/2\.in: symbolic link to outside"):
        load_package(package)
    (package / "data/secret/2.in").unlink()
    os.symlink(package / "data/secret/1.in", package / "data/secret/2.in")  # inside: fine
    assert names(package) == ["secret/1", "secret/2"]


def test_plain_problem_name_comment_wins_over_latex(tmp_path: Path) -> None:
    tex = "%% plainproblemname: x^2 + y^2\n\\problemname{$x^2 + y^2$}\n"
    minimal(tmp_path, "", {"problem_statement/problem.en.tex": tex})
    assert load_package(tmp_path).name == "x^2 + y^2"
