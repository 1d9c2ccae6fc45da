"""C and C++'s style tool: Debian's cppcheck, its real XML report read into issues."""

from __future__ import annotations

from pathlib import Path

import pytest

from judging.sandbox.base import Sandbox
from judging.style import StyleFile, check_style, cppcheck
from tests.judging.style.conftest import CPP, KIT, host_run, need


@pytest.fixture(autouse=True)
def _cppcheck_installed() -> None:
    need("cppcheck")


def test_cppchecks_xml_reads_as_issues_at_their_first_location(tmp_path: Path) -> None:
    (tmp_path / "main.cpp").write_bytes(CPP)
    done = host_run(cppcheck.command("strict", ["main.cpp"]), tmp_path)
    issues = cppcheck.parse(done.stdout, done.stderr)
    found = {(i.rule, i.line, i.column, i.severity) for i in issues}
    assert ("arrayIndexOutOfBounds", 5, 6, "error") in found
    assert ("uninitvar", 6, 9, "error") in found
    assert ("unassignedVariable", 4, 9, "warning") in found  # style: strict only


@pytest.mark.sandbox
def test_cppcheck_in_the_sandbox_keeps_style_findings_for_the_strict_set(
    sandbox: Sandbox,
) -> None:
    files = [StyleFile("main.cpp", CPP)]
    default = check_style(sandbox, files, "cpp", "default", KIT)
    strict = check_style(sandbox, files, "cpp", "strict", KIT)
    assert default.available and strict.available, (default.reason, strict.reason)
    assert "unassignedVariable" not in {i.rule for i in default.issues}
    assert "unassignedVariable" in {i.rule for i in strict.issues}
    assert {i.file for i in strict.issues} == {"main.cpp"}


@pytest.mark.sandbox
def test_a_c_submission_is_checked_by_cppcheck_too(sandbox: Sandbox) -> None:
    source = b"int main(void) { int a[2]; a[2] = 0; return a[0]; }\n"
    report = check_style(sandbox, [StyleFile("sum.c", source)], "c", "default", KIT)
    assert report.tool == "cppcheck" and report.available
    assert "arrayIndexOutOfBounds" in {i.rule for i in report.issues}
