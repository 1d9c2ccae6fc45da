"""Python's style tool: ruff's real JSON output read into issues, and ruff run in the sandbox."""

from __future__ import annotations

from pathlib import Path

import pytest

from judging.sandbox.base import Sandbox
from judging.style import StyleFile, StyleKit, check_style, ruff
from tests.judging.style.conftest import KIT, PYTHON, RUFF, host_run, rules


@pytest.fixture(autouse=True)
def _ruff_installed() -> None:
    if KIT.ruff is None:
        pytest.skip(f"ruff is not installed at {RUFF}")


def test_ruffs_json_reads_as_issues_with_place_rule_and_severity(tmp_path: Path) -> None:
    (tmp_path / "main.py").write_bytes(PYTHON)
    done = host_run(
        [str(RUFF), "check", "--no-cache", "--config", rules("ruff-default.toml"),
         "--output-format", "json", "main.py"],
        tmp_path,
    )  # fmt: skip
    issues = ruff.parse(done.stdout, done.stderr)
    found = {(i.rule, i.line, i.column, i.severity) for i in issues}
    assert ("E401", 1, 1, "warning") in found  # two imports on one line: style
    assert ("F401", 1, 8, "error") in found  # `os` unused: pyflakes, a likely bug
    assert ("E702", 4, 7, "warning") in found
    assert {i.file for i in issues} == {str(tmp_path / "main.py")}  # the host's own path


def test_ruffs_syntax_errors_are_issues_not_a_failure(tmp_path: Path) -> None:
    (tmp_path / "main.py").write_bytes(b"def f(:\n")
    done = host_run(
        [str(RUFF), "check", "--no-cache", "--output-format", "json", "main.py"], tmp_path
    )
    issues = ruff.parse(done.stdout, done.stderr)
    assert {(i.rule, i.severity) for i in issues} == {("invalid-syntax", "error")}


@pytest.mark.sandbox
def test_ruff_in_the_sandbox_finds_more_with_the_strict_rules(sandbox: Sandbox) -> None:
    files = [StyleFile("main.py", PYTHON)]
    default = check_style(sandbox, files, "python3", "default", KIT)
    strict = check_style(sandbox, files, "python3", "strict", KIT)
    assert default.available and strict.available, (default.reason, strict.reason)
    assert default.tool == "ruff" and default.rule_set == "default"
    assert "F401" in {i.rule for i in default.issues}
    assert strict.total > default.total  # E231/E225 are preview rules, on in strict only


@pytest.mark.sandbox
def test_a_pyproject_sent_along_does_not_change_the_rules(sandbox: Sandbox) -> None:
    """Only Juiz's rule file counts: a team cannot switch the checks off."""
    quiet = b'[tool.ruff.lint]\nselect = []\nignore = ["ALL"]\n'
    files = [StyleFile("main.py", PYTHON), StyleFile("pyproject.toml", quiet)]
    report = check_style(sandbox, files, "python3", "default", KIT)
    assert report.available and "F401" in {i.rule for i in report.issues}


def test_without_ruff_the_style_is_unavailable_with_the_reason() -> None:
    kit = StyleKit(ruff=None, node_modules=KIT.node_modules)
    report = check_style(object(), [StyleFile("main.py", PYTHON)], "python3", "default", kit)  # type: ignore[arg-type]
    assert not report.available and "ruff is not installed" in report.reason
