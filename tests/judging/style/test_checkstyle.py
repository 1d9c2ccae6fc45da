"""Java's style tool: Debian's checkstyle, its real XML report read into issues, in the sandbox."""

from __future__ import annotations

from pathlib import Path

import pytest

from judging.sandbox.base import Sandbox
from judging.style import StyleFile, check_style, checkstyle
from judging.style.tool import ToolOutputError
from tests.judging.style.conftest import JAVA, KIT, host_run, need, rules


@pytest.fixture(autouse=True)
def _checkstyle_installed() -> None:
    need("checkstyle")


def test_checkstyles_xml_reads_as_issues_named_by_their_check(tmp_path: Path) -> None:
    (tmp_path / "Main.java").write_bytes(JAVA)
    done = host_run(
        ["checkstyle", "-c", rules("checkstyle-default.xml"), "-f", "xml", "Main.java"], tmp_path
    )
    issues = checkstyle.parse(done.stdout, done.stderr)
    found = {(i.rule, i.line, i.column) for i in issues}
    assert ("AvoidStarImport", 1, 17) in found
    assert ("NeedBraces", 6, 9) in found
    assert ("MultipleVariableDeclarations", 5, 9) in found
    assert all(i.severity == "warning" for i in issues)  # the default set is all warnings
    assert {i.file for i in issues} == {str(tmp_path / "Main.java")}  # the host's own path


def test_output_without_a_report_is_a_tool_error() -> None:
    with pytest.raises(ToolOutputError):
        checkstyle.parse(b"Exception in thread main java.lang.OutOfMemoryError", b"")


@pytest.mark.sandbox
def test_checkstyle_in_the_sandbox_reports_the_strict_sun_checks_as_errors(
    sandbox: Sandbox,
) -> None:
    files = [StyleFile("Main.java", JAVA)]
    default = check_style(sandbox, files, "java", "default", KIT)
    strict = check_style(sandbox, files, "java", "strict", KIT)
    assert default.available and strict.available, (default.reason, strict.reason)
    assert {i.file for i in default.issues} == {"Main.java"}
    assert "NeedBraces" in {i.rule for i in default.issues}
    assert "FinalParameters" in {i.rule for i in strict.issues}  # Sun's, not Juiz's default
    assert strict.counts()["error"] == strict.total
