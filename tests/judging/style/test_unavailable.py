"""Style that cannot be had is a report saying so, never an error: no tool for the language,
an unknown rule set, a tool that crashes, times out or prints garbage."""

from __future__ import annotations

from dataclasses import replace

import pytest

from judging.sandbox.base import Sandbox
from judging.style import StyleFile, StyleReport, check_style, registry
from judging.style.report import MAX_ISSUES, MESSAGE_CHARS, StyleIssue, found
from tests.judging.style.conftest import KIT, PYTHON

NO_SANDBOX: Sandbox = object()  # type: ignore[assignment]  # never reached by these checks


def test_a_language_without_a_tool_has_its_style_unavailable() -> None:
    report = check_style(
        NO_SANDBOX, [StyleFile("a.hs", b"main = pure ()")], "haskell", "default", KIT
    )
    assert report == StyleReport("", "default", False, reason="no style tool checks haskell")


def test_an_evaluators_tool_name_is_looked_up_by_name() -> None:
    files = [StyleFile("a.py", PYTHON)]
    report = check_style(NO_SANDBOX, files, "pypy3", "default", KIT, tool_name="pylint")
    assert report == StyleReport("", "default", False, reason="no style tool named 'pylint'")


@pytest.mark.sandbox
def test_a_named_tool_checks_a_language_the_table_does_not_know(sandbox: Sandbox) -> None:
    files = [StyleFile("a.py", PYTHON)]
    report = check_style(sandbox, files, "pypy3", "default", KIT, tool_name="ruff")
    assert report.available and report.tool == "ruff" and report.total > 0, report.reason


def test_an_unknown_rule_set_is_unavailable_and_says_which() -> None:
    report = check_style(NO_SANDBOX, [StyleFile("a.py", PYTHON)], "python3", "lenient", KIT)
    assert not report.available and "'lenient'" in report.reason


def test_a_submission_without_a_file_the_tool_reads_is_unavailable() -> None:
    report = check_style(NO_SANDBOX, [StyleFile("notes.txt", b"x")], "python3", "default", KIT)
    assert not report.available and "no file ruff can check" in report.reason


def test_a_file_named_like_an_option_is_never_given_to_the_tool() -> None:
    """`--config=x.py` on ruff's command line would be an option, not a file."""
    files = [StyleFile("--config=evil.py", PYTHON), StyleFile("../up.py", PYTHON)]
    report = check_style(NO_SANDBOX, files, "python3", "default", KIT)
    assert not report.available and "no file ruff can check" in report.reason


@pytest.fixture
def broken_tool(monkeypatch: pytest.MonkeyPatch) -> str:
    """Ruff's entry with a command that fails: `false` (exit 1 is ruff's 'found issues') is
    replaced by a shell that exits 3 after a message on stderr."""
    tool = registry.TOOLS["ruff"]

    def command(rule_set: str, files: object) -> list[str]:
        return ["/bin/sh", "-c", "echo 'ruff: broken config' >&2; exit 3"]

    monkeypatch.setitem(registry.TOOLS, "ruff", replace(tool, command=command))
    return "ruff"


@pytest.mark.sandbox
def test_a_tool_that_fails_gives_unavailable_with_its_message(
    sandbox: Sandbox, broken_tool: str
) -> None:
    report = check_style(sandbox, [StyleFile("a.py", PYTHON)], "python3", "default", KIT)
    assert not report.available
    assert report.reason == "ruff failed (exit code 3): ruff: broken config"


@pytest.mark.sandbox
def test_a_tool_that_prints_garbage_gives_unavailable(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    tool = registry.TOOLS["ruff"]
    garbage = replace(tool, command=lambda rule_set, files: ["/bin/echo", "not json"])
    monkeypatch.setitem(registry.TOOLS, "ruff", garbage)
    report = check_style(sandbox, [StyleFile("a.py", PYTHON)], "python3", "default", KIT)
    assert not report.available and report.reason.startswith("ruff printed no JSON")


@pytest.mark.sandbox
def test_a_tool_that_loops_is_stopped_by_its_limits(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    tool = registry.TOOLS["ruff"]
    looping = replace(
        tool, command=lambda rule_set, files: ["/bin/sh", "-c", "while :; do :; done"]
    )
    monkeypatch.setitem(registry.TOOLS, "ruff", looping)
    monkeypatch.setattr("judging.style.run.STYLE_LIMITS", replace(
        __import__("judging.style.run", fromlist=["STYLE_LIMITS"]).STYLE_LIMITS,
        cpu_ms=500, wall_ms=2000,
    ))  # fmt: skip
    report = check_style(sandbox, [StyleFile("a.py", PYTHON)], "python3", "default", KIT)
    assert not report.available and "exceeded its time limit" in report.reason


def test_issues_are_capped_in_number_and_length_and_counted_in_full() -> None:
    many = [StyleIssue("a.py", n, 1, "E1", "m" * 1000, "warning") for n in range(500)]
    report = found("ruff", "default", many)
    assert report.total == 500 and len(report.issues) == MAX_ISSUES and report.truncated
    assert all(len(i.message) == MESSAGE_CHARS for i in report.issues)
    assert StyleReport.from_dict(report.to_dict()) == report
