"""JavaScript's style tool: eslint 9 from tools/node with Juiz's flat configs, its real JSON
report read into issues, and eslint run in the sandbox."""

from __future__ import annotations

from pathlib import Path

import pytest

from judging.sandbox.base import Sandbox
from judging.style import StyleFile, check_style, eslint
from tests.judging.style.conftest import ESLINT, JAVASCRIPT, KIT, host_run, need, rules


@pytest.fixture(autouse=True)
def _eslint_installed() -> None:
    need("node")
    if ESLINT is None or not ESLINT.is_file():
        pytest.skip("eslint is not installed in tools/node (scripts/setup.sh installs it)")


def _host_eslint(tmp_path: Path, source: bytes, rule_set: str) -> list[eslint.StyleIssue]:
    (tmp_path / "main.js").write_bytes(source)
    argv = ["node", str(ESLINT), "--config", rules(f"eslint-{rule_set}.mjs"), "--format", "json"]
    done = host_run([*argv, "main.js"], tmp_path)
    return eslint.parse(done.stdout, done.stderr)


def test_eslints_json_reads_as_issues_with_its_severities(tmp_path: Path) -> None:
    found = {(i.rule, i.line, i.severity) for i in _host_eslint(tmp_path, JAVASCRIPT, "default")}
    assert found == {("no-unused-vars", 2, "warning"), ("no-undef", 4, "error")}


def test_the_strict_config_adds_style_rules(tmp_path: Path) -> None:
    rules_found = {i.rule for i in _host_eslint(tmp_path, JAVASCRIPT, "strict")}
    assert {"eqeqeq", "semi", "no-var", "curly"} <= rules_found


def test_a_syntax_error_is_a_parse_error_issue(tmp_path: Path) -> None:
    issues = _host_eslint(tmp_path, b"const = ;\n", "default")
    assert [(i.rule, i.severity) for i in issues] == [("parse-error", "error")]


@pytest.mark.sandbox
def test_eslint_in_the_sandbox_resolves_its_packages_and_reads_juiz_rules(
    sandbox: Sandbox,
) -> None:
    report = check_style(sandbox, [StyleFile("main.js", JAVASCRIPT)], "javascript", "default", KIT)
    assert report.available, report.reason
    assert {(i.file, i.rule) for i in report.issues} == {
        ("main.js", "no-unused-vars"),
        ("main.js", "no-undef"),
    }
