"""A multi-pass problem's type and pass limit, as the reader takes them from problem.yaml:
2025-09 `type: multi-pass` with `limits.validation_passes`, DOMjudge's legacy `validation:
custom multi-pass`, the format's default of 2, and the values it refuses."""

from __future__ import annotations

from pathlib import Path

import pytest

from judging.problem.errors import PackageError
from judging.problem.package import load_package


def package(tmp_path: Path, problem_yaml: str) -> Path:
    root = tmp_path / "p"
    (root / "data" / "secret").mkdir(parents=True)
    (root / "data" / "secret" / "1.in").write_text("1\n")
    (root / "data" / "secret" / "1.ans").write_text("2\n")
    (root / "output_validator").mkdir()
    (root / "output_validator" / "validator.py").write_text("import sys\nsys.exit(42)\n")
    (root / "problem.yaml").write_text(problem_yaml)
    return root


def test_a_2025_09_multi_pass_problem_is_read_with_its_pass_limit(tmp_path: Path) -> None:
    yaml = "problem_format_version: 2025-09\ntype: multi-pass\nname: M\n"
    yaml += "limits:\n  time_limit: 1\n  validation_passes: 5\n"
    problem = load_package(package(tmp_path, yaml))
    assert "multi-pass" in problem.types and "pass-fail" in problem.types
    assert problem.validation_passes == 5
    assert problem.validation.kind == "custom"


def test_the_pass_limit_defaults_to_the_formats_two(tmp_path: Path) -> None:
    yaml = "problem_format_version: 2025-09\ntype: [pass-fail, multi-pass]\nname: M\n"
    yaml += "limits:\n  time_limit: 1\n"
    assert load_package(package(tmp_path, yaml)).validation_passes == 2


def test_domjudges_legacy_custom_multi_pass_is_read(tmp_path: Path) -> None:
    yaml = "name: M\nvalidation: custom multi-pass\nlimits:\n  validation_passes: 26\n"
    root = package(tmp_path, yaml)
    (root / ".timelimit").write_text("1\n")
    legacy = root / "output_validators" / "v"
    legacy.mkdir(parents=True)
    (root / "output_validator" / "validator.py").rename(legacy / "validator.py")
    (root / "output_validator").rmdir()
    problem = load_package(root)
    assert "multi-pass" in problem.types
    assert problem.validation_passes == 26
    assert problem.validation.validator_dir == legacy


@pytest.mark.parametrize("value", ["1", "0", "2.5", "yes", "many"])
def test_a_pass_limit_that_is_not_an_integer_of_at_least_two_is_refused(
    tmp_path: Path, value: str
) -> None:
    yaml = "problem_format_version: 2025-09\ntype: multi-pass\nname: M\n"
    yaml += f"limits:\n  time_limit: 1\n  validation_passes: {value}\n"
    with pytest.raises(PackageError, match="validation_passes must be an integer of at least 2"):
        load_package(package(tmp_path, yaml))


def test_a_pass_limit_on_a_problem_that_is_not_multi_pass_is_ignored(tmp_path: Path) -> None:
    yaml = "problem_format_version: 2025-09\nname: M\n"
    yaml += "limits:\n  time_limit: 1\n  validation_passes: 1\n"
    problem = load_package(package(tmp_path, yaml))
    assert "multi-pass" not in problem.types
    assert problem.validation_passes == 2
