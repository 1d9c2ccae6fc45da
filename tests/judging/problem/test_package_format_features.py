"""The package format's features the reader handles, each on a small package of its own:
samples-only data, per-group validator flags and their inheritance, files beside test data that
are not tests, the format's default limits, and the refusals with their reasons."""

from __future__ import annotations

from pathlib import Path

from judging.classification import Classification as C
from judging.engine import SubmissionFile, judge
from judging.languages import registry
from judging.problem.package import SystemLimits, load_package
from judging.problem.package_submission import package_submission, submission_files
from judging.sandbox.base import RunResult
from judging.sandbox.fake import CannedRun, FakeSandbox
from tests.judging.problem.builders import minimal, write_package

NEW = "problem_format_version: 2025-09\nname: X\n"
OK = RunResult(exit_code=0, signal=None, cpu_ms=5, wall_ms=6, memory_kib=1000)


def flags_by_test(package: Path) -> dict[str, tuple[str, ...] | None]:
    return {t.name: t.validator_flags for t in load_package(package).tests}


def test_a_package_with_only_samples_is_judged_on_its_samples(tmp_path: Path) -> None:
    write_package(
        tmp_path,
        {
            "problem.yaml": "name: Samples\n",
            ".timelimit": "1\n",
            "data/sample/1.in": "1\n",
            "data/sample/1.ans": "1\n",
            "data/secret/README": "no secret data\n",
        },
    )
    problem = load_package(tmp_path)
    assert [(t.name, t.sample) for t in problem.tests] == [("sample/1", True)]


def test_legacy_testdata_yaml_flags_are_inherited_from_the_nearest_group(tmp_path: Path) -> None:
    minimal(
        tmp_path,
        "name: X\nvalidator_flags: case_sensitive\n",
        {
            "data/testdata.yaml": "output_validator_flags: float_tolerance 0.1\n",
            "data/secret/g1/testdata.yaml": "output_validator_flags: float_tolerance 0.5\n",
            "data/secret/g1/a/1.in": "",
            "data/secret/g1/a/1.ans": "",
            "data/secret/g2/1.in": "",
            "data/secret/g2/1.ans": "",
            "data/secret/g2/1.yaml": "output_validator_flags: space_change_sensitive\n",
        },
    )
    assert flags_by_test(tmp_path) == {
        "secret/1": ("case_sensitive", "float_tolerance", "0.1"),
        "secret/g1/a/1": ("case_sensitive", "float_tolerance", "0.5"),
        # Legacy has no test-case .yaml: the file is not read.
        "secret/g2/1": ("case_sensitive", "float_tolerance", "0.1"),
    }


def test_2025_09_test_group_yaml_and_test_yaml_set_args_per_test(tmp_path: Path) -> None:
    minimal(
        tmp_path,
        NEW,
        {
            "data/secret/test_group.yaml": "output_validator_args: [case_sensitive]\n",
            "data/secret/g/test_group.yaml": "output_validator_args: [float_tolerance, '1']\n",
            "data/secret/g/1.in": "",
            "data/secret/g/1.ans": "",
            "data/secret/g/2.in": "",
            "data/secret/g/2.ans": "",
            "data/secret/g/2.yaml": "output_validator_args: []\nargs: [--fast]\n",
        },
    )
    problem = load_package(tmp_path)
    assert {t.name: (t.validator_flags, t.args) for t in problem.tests} == {
        "secret/1": (("case_sensitive",), ()),
        "secret/g/1": (("float_tolerance", "1"), ()),
        "secret/g/2": ((), ("--fast",)),
    }


def test_each_test_is_judged_with_its_own_groups_flags(tmp_path: Path) -> None:
    minimal(
        tmp_path,
        NEW,
        {
            "data/secret/1.ans": "Yes\n",
            "data/secret/strict/test_group.yaml": "output_validator_args: [case_sensitive]\n",
            "data/secret/strict/1.in": "",
            "data/secret/strict/1.ans": "Yes\n",
        },
    )
    problem = load_package(tmp_path)
    compiled = CannedRun(OK, files={"main": b"\x7fELF"})
    runs = [compiled, CannedRun(OK, stdout=b"YES\n"), CannedRun(OK, stdout=b"YES\n")]
    report = judge(
        SubmissionFile("a.c", b"int main(){}"), problem, registry.all_languages(), FakeSandbox(runs)
    )
    assert [(t.name, t.classification) for t in report.tests] == [
        ("secret/1", C.ACCEPTED),  # case-insensitive by default
        ("secret/strict/1", C.WRONG_ANSWER),
    ]


def test_files_beside_test_data_are_not_tests(tmp_path: Path) -> None:
    minimal(
        tmp_path,
        NEW,
        {
            name: "x\n"
            for name in (
                "data/sample/1.in",
                "data/sample/1.ans",
                "data/sample/1.interaction",
                "data/sample/2.interaction",  # legacy: an extra protocol without .in/.ans
                "data/sample/1.in.statement",
                "data/sample/1.ans.statement",
                "data/sample/1.in.download",
                "data/sample/1.out",
                "data/secret/1.hint",
                "data/secret/1.desc",
                "data/secret/1.args",
                "data/secret/1.png",
                "data/secret/.2.in",
                "data/invalid_input/bad.in",
                "data/valid_output/v.in",
                "data/valid_output/v.ans",
                "data/valid_output/v.out",
            )
        },
    )
    problem = load_package(tmp_path)
    assert [t.name for t in problem.tests] == ["sample/1", "secret/1"]
    # The sample interactions are kept for the statement (interactive problems show them).
    assert problem.interactions == (("sample/1", "x\n"), ("sample/2", "x\n"))


def test_a_legacy_answer_file_without_its_input_declares_no_test(tmp_path: Path) -> None:
    # DOMjudge reads a legacy package's tests by their .in files (its boolfind has 9.ans).
    minimal(tmp_path, files={"data/secret/9.ans": ""})
    assert [t.name for t in load_package(tmp_path).tests] == ["secret/1"]


def test_a_tests_files_directory_is_read_as_its_input_files(tmp_path: Path) -> None:
    minimal(tmp_path, NEW, {"data/secret/1.files/grid.txt": "#.#\n"})
    (test,) = load_package(tmp_path).tests
    assert test.files_dir == tmp_path.resolve() / "data/secret/1.files"


def test_limits_left_to_the_system_are_the_formats_defaults_and_recorded(
    tmp_path: Path,
) -> None:
    minimal(tmp_path, "name: X\nlimits: {memory: 512}\n")
    problem = load_package(tmp_path)
    assert (problem.memory_mb, problem.output_kib, problem.source_size_kib) == (512, 8192, 128)
    assert problem.defaulted == ("output", "code")
    mine = SystemLimits(memory_mb=1024, output_kib=4096, source_size_kib=64)
    overridden = load_package(tmp_path, system_limits=mine)
    assert (overridden.memory_mb, overridden.output_kib, overridden.source_size_kib) == (
        512,
        4096,
        64,
    )


def test_a_package_that_sets_every_limit_defaults_none(tmp_path: Path) -> None:
    minimal(tmp_path, "name: X\nlimits: {memory: 64, output: 1, code: 50}\n")
    problem = load_package(tmp_path)
    assert problem.defaulted == ()
    assert (problem.memory_mb, problem.output_kib, problem.source_size_kib) == (64, 1024, 50)


def test_the_number_grammar_follows_the_format_version(tmp_path: Path) -> None:
    legacy = load_package(minimal(tmp_path / "old", "name: X\n"))
    new = load_package(minimal(tmp_path / "new", NEW))
    assert legacy.validation.number_grammar == "problemtools"
    assert new.validation.number_grammar == "2023-07"


def test_include_default_is_read_from_2023_07_on_and_empty_folders_are_not(
    tmp_path: Path,
) -> None:
    files = {"include/default/a.txt": "", "include/cpp/driver.cpp": "", "include/java/.keep": ""}
    legacy = load_package(minimal(tmp_path / "old", "name: X\n", files))
    new = load_package(minimal(tmp_path / "new", NEW, files))
    assert [code for code, _ in legacy.includes] == ["cpp"]
    assert [code for code, _ in new.includes] == ["cpp", "default"]
    assert new.include_dir("python3") == tmp_path.resolve() / "new/include/default"
    assert legacy.include_dir("python3") is None


def test_constants_are_substituted_in_test_group_yaml_and_package_submissions(
    tmp_path: Path,
) -> None:
    minimal(
        tmp_path,
        NEW + "constants:\n  eps: {value: '1e-6', tex: '10^{-6}'}\n  n: 5\n",
        {
            "data/secret/test_group.yaml": "output_validator_args: [float_tolerance, '{{eps}}']\n",
            "submissions/accepted/a.py": "print({{n}}, '{{eps.tex}}', '{{nope}}')\n",
        },
    )
    problem = load_package(tmp_path)
    assert problem.tests[0].validator_flags == ("float_tolerance", "1e-6")
    submission = package_submission(tmp_path / "submissions/accepted/a.py", problem)
    assert submission.files[0].source == b"print(5, '10^{-6}', '{{nope}}')\n"
    assert submission_files(tmp_path / "submissions/accepted/a.py", problem) == list(
        submission.files
    )


def test_legacy_packages_have_no_constants(tmp_path: Path) -> None:
    minimal(tmp_path, "name: X\nconstants: {n: 5}\n")
    assert load_package(tmp_path).constants == ()


def test_a_problem_limited_to_some_languages_refuses_the_others(tmp_path: Path) -> None:
    minimal(tmp_path, NEW + "languages: [python3, cpp]\n")
    problem = load_package(tmp_path)
    assert problem.languages == ("python3", "cpp")
    c_source = SubmissionFile("a.c", b"int main(){}")
    report = judge(c_source, problem, registry.all_languages(), FakeSandbox([]))
    assert report.classification is C.INVALID_SUBMISSION
    assert "this problem takes python3, cpp" in report.reason
    assert load_package(minimal(tmp_path / "all", NEW + "languages: all\n")).languages is None
