"""`python -m judging judge ... --style`: the style report after the verdict, in the real
sandbox with the real ruff; the verdict and the exit status stay the judging's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.judging.cli.test_commands import SUM, no_traceback, run

pytestmark = pytest.mark.sandbox

# Right on every test, with an unused import and two statements on one line.
UNTIDY = "import os\na, b = map(int, input().split()) ; print(a + b)\n"


@pytest.fixture
def untidy(tmp_path: Path) -> Path:
    path = tmp_path / "sum.py"
    path.write_text(UNTIDY)
    return path


def test_judge_style_prints_the_report_after_the_verdict(untidy: Path) -> None:
    done = run("judge", SUM, untidy, "--style")
    assert done.returncode == 0, done.stderr
    verdict, style = done.stdout.split("\nStyle:    ", 1)
    assert "Verdict:  Accepted (AC)" in verdict
    lines = style.splitlines()
    assert lines[0] == "ruff (default): 2 issue(s)"
    assert lines[2].split() == ["place", "severity", "rule", "message"]
    assert [line.split()[:3] for line in lines[4:]] == [
        ["sum.py:1:8", "error", "F401"],
        ["sum.py:2:34", "warning", "E702"],
    ]


def test_judge_style_in_json_is_the_objects_style(untidy: Path) -> None:
    done = run("judge", SUM, untidy, "--style", "strict", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["classification"] == "Accepted"
    style = report["style"]
    assert (style["tool"], style["rule_set"], style["available"]) == ("ruff", "strict", True)
    assert {(i["line"], i["rule"]) for i in style["issues"]} >= {(1, "F401"), (2, "E702")}
    assert style["total"] == len(style["issues"])


def test_judge_without_style_prints_none(untidy: Path) -> None:
    done = run("judge", SUM, untidy, "--json")
    assert done.returncode == 0, done.stderr
    assert "style" not in json.loads(done.stdout)
    assert "Style:" not in run("judge", SUM, untidy).stdout


def test_a_language_without_a_style_tool_says_so_and_keeps_its_verdict() -> None:
    done = run("judge", SUM, SUM / "submissions" / "go" / "ac.go", "--style")
    assert done.returncode == 0, done.stderr
    assert "Verdict:  Accepted (AC)" in done.stdout
    assert done.stdout.rstrip().endswith(
        "Style:    - (default): unavailable: no style tool checks go"
    )


def test_an_unknown_rule_set_is_a_usage_error(untidy: Path) -> None:
    done = run("judge", SUM, untidy, "--style", "pedantic")
    assert done.returncode == 2
    assert "invalid choice: 'pedantic'" in done.stderr and done.stdout == ""
    no_traceback(done)
