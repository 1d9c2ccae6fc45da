"""An imported package is judged as the package reader reads it: every feature of the reader
(per-test flags, args and .files, include/, the number grammar, constants, languages, the
limits left to the system) survives the database, so that engine_problem() of the import
equals load_package() of the folder, field by field."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytest_django import Settings

from contest.models import Contest
from contest.services.problem_import import PackageError, import_package
from contest.testdata import engine_problem
from judging.problem.package import SystemLimits, load_package
from tests.support.packages import assert_equivalent, effective_flags, write_package

pytestmark = pytest.mark.django_db

GROUPS = {  # legacy: the problem's flags, then each group's testdata.yaml
    "problem.yaml": "name: Groups\nvalidator_flags: case_sensitive\nlimits:\n  memory: 64\n",
    ".timelimit": "2\n",
    "data/sample/1.in": "1\n",
    "data/sample/1.ans": "1\n",
    "data/secret/exact/1.in": "2\n",
    "data/secret/exact/1.ans": "2\n",
    "data/secret/loose/testdata.yaml": "output_validator_flags: float_tolerance 0.1\n",
    "data/secret/loose/1.in": "3\n",
    "data/secret/loose/1.ans": "3.0\n",
    "include/default/ignored.h": "// legacy has no include/default\n",
    "include/cpp/helper.h": "int helper();\n",
}

FEATURES = {  # 2023-07: args, .files, include/, constants, languages
    "problem.yaml": (
        "problem_format_version: 2023-07\nname: Features\nlimits:\n  time_limit: 1.5\n"
        "languages: [python3, cpp]\nconstants:\n  k: 7\n  big: {value: 1000, tex: '10^3'}\n"
    ),
    "data/sample/1.in": "1\n",
    "data/sample/1.ans": "1\n",
    "data/secret/test_group.yaml": "args: [--fast]\noutput_validator_args: [case_sensitive]\n",
    "data/secret/a.in": "2\n",
    "data/secret/a.ans": "2\n",
    "data/secret/a.files/data.txt": "read me\n",
    "data/secret/a.files/sub/more.bin": b"\x00\x01\x02",
    "data/secret/b.in": "3\n",
    "data/secret/b.ans": "3\n",
    "data/secret/b.yaml": "args: [x, y]\noutput_validator_args: [space_change_sensitive]\n",
    "include/python3/helper.py": "K = {{k}}\n",
    "include/default/common.h": "#define K {{k}}\n",
}

CUSTOM = {  # 2023-07: a custom validator whose files use a constant
    "problem.yaml": (
        "problem_format_version: 2023-07\nname: Custom\nlimits:\n  time_limit: 1\n"
        "constants:\n  eps: 0.5\n"
    ),
    "data/secret/1.in": "1\n",
    "data/secret/1.ans": "1\n",
    "output_validator/validator.py": "EPS = {{eps}}\nraise SystemExit(42)\n",
}


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, settings: Settings) -> Path:
    settings.JUIZ_CACHE_DIR = tmp_path / "cache"
    return tmp_path / "cache"


def _defaults(contest: Contest) -> SystemLimits:
    return SystemLimits(
        memory_mb=contest.package_memory_mb,
        output_kib=contest.package_output_kib,
        source_size_kib=contest.package_code_kib,
    )


def test_per_group_flags_survive_the_database(contest: Contest, tmp_path: Path) -> None:
    package = write_package(tmp_path / "groups", GROUPS)
    stored = engine_problem(import_package(contest, "A", package))
    loaded = load_package(package, system_limits=_defaults(contest))
    assert_equivalent(stored, loaded)
    flags = [effective_flags(t, stored) for t in stored.tests]
    assert flags == [
        ("case_sensitive",),
        ("case_sensitive",),
        ("case_sensitive", "float_tolerance", "0.1"),
    ]
    assert stored.validation.number_grammar == "problemtools"
    assert [key for key, _ in stored.includes] == ["cpp"]


def test_a_test_sharing_the_problems_flags_follows_the_jurys_edit(
    contest: Contest, tmp_path: Path
) -> None:
    problem = import_package(contest, "A", write_package(tmp_path / "groups", GROUPS))
    assert [t.validator_flags for t in problem.tests.order_by("order")] == [
        None,
        None,
        ["case_sensitive", "float_tolerance", "0.1"],
    ]
    problem.validator_flags = "space_change_sensitive"
    problem.save()
    engine = engine_problem(problem)
    assert [effective_flags(t, engine) for t in engine.tests] == [
        ("space_change_sensitive",),
        ("space_change_sensitive",),
        ("case_sensitive", "float_tolerance", "0.1"),
    ]


def test_args_files_includes_constants_and_languages_survive_the_database(
    contest: Contest, tmp_path: Path
) -> None:
    package = write_package(tmp_path / "features", FEATURES)
    problem = import_package(contest, "B", package)
    stored = engine_problem(problem)
    loaded = load_package(package, system_limits=_defaults(contest))
    assert_equivalent(stored, loaded)
    assert [t.args for t in stored.tests] == [(), ("--fast",), ("x", "y")]
    assert stored.tests[1].files_dir is not None
    assert (stored.tests[1].files_dir / "sub" / "more.bin").read_bytes() == b"\x00\x01\x02"
    assert stored.tests[2].files_dir is None
    assert stored.languages == ("python3", "cpp")
    assert dict(stored.constants)["big.tex"] == "10^3"
    assert stored.validation.number_grammar == "2023-07"
    python = stored.include_dir("python3")
    assert python is not None
    assert (python / "helper.py").read_text() == "K = {{k}}\n"  # the engine substitutes
    default = stored.include_dir("java")
    assert default is not None
    assert default.name == "default"
    assert problem.defaulted_limits == ["memory", "output", "code"]


def test_the_contests_package_defaults_fill_the_limits_the_package_leaves(
    contest: Contest, tmp_path: Path
) -> None:
    contest.package_memory_mb, contest.package_output_kib, contest.package_code_kib = 777, 99, 55
    contest.save()
    package = write_package(tmp_path / "groups", GROUPS)
    problem = import_package(contest, "A", package)
    assert (problem.memory_mb, problem.output_kib, problem.source_size_kib) == (64, 99, 55)
    assert problem.defaulted_limits == ["output", "code"]
    assert_equivalent(
        engine_problem(problem), load_package(package, system_limits=_defaults(contest))
    )


def test_a_custom_validator_is_stored_as_written_with_the_constants_it_needs(
    contest: Contest, tmp_path: Path
) -> None:
    package = write_package(tmp_path / "custom", CUSTOM)
    stored = engine_problem(import_package(contest, "C", package))
    assert_equivalent(stored, load_package(package, system_limits=_defaults(contest)))
    assert stored.validation.kind == "custom"
    assert stored.validation.validator_dir is not None
    validator = stored.validation.validator_dir / "validator.py"
    assert validator.read_text().startswith("EPS = {{eps}}")
    assert stored.validation.constants == (("eps.value", "0.5"), ("eps", "0.5"))


def test_importing_again_replaces_what_the_package_no_longer_has(
    contest: Contest, tmp_path: Path
) -> None:
    import_package(contest, "B", write_package(tmp_path / "features", FEATURES))
    plain = {k: v for k, v in FEATURES.items() if not k.startswith(("include/", "data/secret/a"))}
    plain["problem.yaml"] = "problem_format_version: 2023-07\nlimits:\n  time_limit: 1\n"
    problem = import_package(contest, "B", write_package(tmp_path / "plain", plain))
    assert problem.includes is None
    assert (problem.languages, problem.constants) == (None, [])
    assert [t.files_id for t in problem.tests.order_by("order")] == [None, None]


def test_flags_too_long_to_store_are_a_package_error(contest: Contest, tmp_path: Path) -> None:
    long = {**GROUPS, "problem.yaml": "name: Long\nvalidator_flags: " + "case_sensitive " * 20}
    with pytest.raises(PackageError, match="over 200 characters"):
        import_package(contest, "A", write_package(tmp_path / "long", long))


def test_a_package_that_allows_file_writing_keeps_it_in_the_database(
    contest: Contest, tmp_path: Path
) -> None:
    files = {
        "problem.yaml": "problem_format_version: 2025-09\nallow_file_writing: true\n"
        "limits:\n  time_limit: 1\n",
        "data/secret/1.in": "1\n",
        "data/secret/1.ans": "1\n",
    }
    package = write_package(tmp_path / "writes", files)
    problem = import_package(contest, "W", package)
    assert problem.allow_file_writing
    loaded = load_package(package, system_limits=_defaults(contest))
    assert_equivalent(engine_problem(problem), loaded)


def test_a_submit_answer_package_keeps_its_types_through_the_database(
    contest: Contest, tmp_path: Path
) -> None:
    answers = Path(__file__).resolve().parents[1] / "judging" / "graders" / "answers"
    problem = import_package(contest, "C", answers)
    assert problem.types == ["pass-fail", "submit-answer"]
    stored = engine_problem(problem)
    assert_equivalent(stored, load_package(answers, system_limits=_defaults(contest)))
    assert stored.types == frozenset({"pass-fail", "submit-answer"})
