"""`python -m judging ...` as a user runs it: output shape and exit codes (0 judged, 2 usage,
3 infrastructure)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from judging.evaluators import registry as evaluators
from judging.kit import Kit
from judging.languages import registry

ROOT = Path(__file__).resolve().parents[3]
SUM = ROOT / "tests" / "judging" / "e2e_cases" / "sum"
PY = SUM / "submissions" / "python3"


KIT = Kit.of_checkout()


def run(*args: str | Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "judging", *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, **(env or {})},
        check=False,
    )


def no_traceback(done: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in done.stderr + done.stdout


@pytest.mark.sandbox
def test_judge_prints_an_accepted_report_as_json() -> None:
    done = run("judge", SUM, PY / "ac.py", "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["classification"] == "Accepted"
    assert report["icpc_code"] == "AC"
    assert report["language"] == "python3"
    assert [t["name"] for t in report["tests"]] == ["sample/1", "secret/1", "secret/2"]
    test = report["tests"][0]
    for key in (
        "classification",
        "icpc_code",
        "cpu_ms",
        "wall_ms",
        "memory_kib",
        "exit_code",
        "signal",
        "checker_message",
        "output_preview",
        "stderr_preview",
        "sample",
    ):
        assert key in test
    assert test["output_preview"] == "3\n" and test["exit_code"] == 0 and test["sample"]
    assert test["memory_kib"] > 0
    assert report["compile"]["ok"] is True
    # 1 s (problem.yaml) x Python's factor 2.
    assert report["limits"]["cpu_ms"] == 2000
    assert report["limits"]["memory_kib"] == 128 * 1024
    assert report["limits"]["output_bytes"] == 1024 * 1024
    assert report["limits"]["time_limit_source"] == "problem.yaml"


@pytest.mark.sandbox
def test_judge_takes_a_directory_of_files_and_an_entry_point(tmp_path: Path) -> None:
    (tmp_path / "helper.py").write_text("def add(a, b):\n    return a + b\n")
    (tmp_path / "solve.py").write_text(
        "from helper import add\nprint(add(*map(int, input().split())))\n"
    )
    (tmp_path / "other.py").write_text("print(0)\n")
    done = run("judge", SUM, tmp_path, "--json", "--entrypoint", "solve.py")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["classification"] == "Accepted"
    # Without one, the engine starts the first file in name order (DOMjudge's rule): helper.py,
    # which prints nothing.
    undecided = run("judge", SUM, tmp_path, "--json")
    assert json.loads(undecided.stdout)["classification"] == "Wrong Answer"
    no_traceback(undecided)


@pytest.mark.sandbox
def test_judge_exits_zero_on_any_verdict_and_stop_at_first_failure_skips_the_rest() -> None:
    done = run("judge", SUM, PY / "iev.py", "--json", "--stop-at-first-failure")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["classification"] == "Invalid Exit Value"
    verdicts = [t["classification"] for t in report["tests"]]
    assert verdicts == ["Invalid Exit Value", "Evaluation Skipped", "Evaluation Skipped"]
    assert "exit code 1" in report["tests"][0]["checker_message"]
    assert "ValueError" in report["tests"][0]["stderr_preview"]


@pytest.mark.sandbox
def test_judge_prints_a_table_in_the_language_forced_for_any_file_name(tmp_path: Path) -> None:
    source = tmp_path / "solution.txt"
    shutil.copy(PY / "wa.py", source)
    done = run("judge", SUM, source, "--language", "python3", "--time-limit", "0.5")
    assert done.returncode == 0, done.stderr
    assert "Verdict:  Wrong Answer (WA)" in done.stdout
    assert "time limit 0.5 s" in done.stdout
    for name in ("sample/1", "secret/1", "secret/2"):
        assert name in done.stdout


@pytest.mark.sandbox
def test_judge_compile_error_shows_the_compiler() -> None:
    done = run("judge", SUM, PY / "ce.py")
    assert done.returncode == 0
    assert "Compile Time Error" in done.stdout and "SyntaxError" in done.stdout


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["judge"],
        ["judge", SUM],
        ["judge", SUM, PY / "missing.py"],
        ["judge", SUM, PY / "ac.py", "--language", "cobol"],
        ["judge", SUM, PY / "ac.py", "--time-limit", "-1"],
        ["judge", SUM / "data", PY / "ac.py"],  # not a package
        ["judge", ROOT / "no-such-dir", PY / "ac.py"],
        ["judge", SUM, PY / "ac.py", "--frobnicate"],
        ["no-such-command"],
        ["selftest", "--language", "cobol"],
    ],
)
def test_usage_errors_exit_2(args: list[str | Path]) -> None:
    done = run(*args)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stderr.strip()
    no_traceback(done)


def test_broken_package_is_a_clear_message(tmp_path: Path) -> None:
    package = tmp_path / "broken"
    shutil.copytree(SUM, package)
    (package / "problem.yaml").write_text("limits: [1, 2\n")
    done = run("judge", package, PY / "ac.py")
    assert done.returncode == 2
    assert "problem.yaml" in done.stderr
    no_traceback(done)


def test_help_lists_the_commands() -> None:
    done = run("--help")
    assert done.returncode == 0
    for name in ("judge", "selftest", "default-validator", "check-package"):
        assert name in done.stdout


def test_sandbox_unavailable_exits_3() -> None:
    env = {"JUIZ_BWRAP": "/nonexistent/bwrap"}
    done = run("judge", SUM, PY / "ac.py", env=env)
    assert done.returncode == 3
    assert "sandbox" in done.stderr
    no_traceback(done)
    done = run("selftest", "--language", "python3", env=env)
    assert done.returncode == 3
    no_traceback(done)


@pytest.mark.sandbox
def test_broken_validator_requires_reevaluation_exits_3(tmp_path: Path) -> None:
    package = tmp_path / "sum"
    shutil.copytree(SUM, package)
    (package / "output_validator").mkdir()
    # Exits 0: neither accept (42) nor reject (43), so the validator is broken.
    (package / "output_validator" / "validator.py").write_text("import sys\nsys.exit(0)\n")
    done = run("judge", package, PY / "ac.py", "--json")
    assert done.returncode == 3, done.stderr
    report = json.loads(done.stdout)
    assert report["classification"] == "Requires Reevaluation"
    assert "validator" in report["reason"]


@pytest.mark.sandbox
def test_selftest_prints_each_languages_version_and_status_in_a_table() -> None:
    done = run("selftest", "--language", "python3", "--language", "rust")
    rust = registry.get("rust")
    assert rust is not None
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split()[:5] == ["language", "environment", "version", "status", "time"]
    python_line = next(line for line in lines if line.startswith("python3"))
    assert " python3.11 " in python_line  # the default environment only
    assert " ok " in python_line and "Python 3" in python_line
    rust_line = next(line for line in lines if line.startswith("rust"))
    expected = "ok" if registry.is_available(rust) else "unavailable"
    assert f" {expected} " in rust_line


@pytest.mark.sandbox
def test_selftest_with_environments_runs_each_environment_of_the_language() -> None:
    done = run("selftest", "--language", "python3", "--environments", "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    rows = json.loads(done.stdout)
    wanted = [e.id for e in evaluators.environments(evaluators.get("python3"))]
    assert [r["environment"] for r in rows] == wanted
    for row in rows:
        assert row["status"] in ("ok", "unavailable"), row


def test_environments_lists_every_evaluator_and_environment_as_json() -> None:
    done = run("environments", "--json")
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)
    pairs = [(r["evaluator"], r["environment"]) for r in rows]
    assert pairs == [(s.evaluator.id, s.environment.id) for s in evaluators.statuses(KIT)]
    fields = {"evaluator", "environment", "capabilities", "available", "version"}
    assert all(fields <= set(r) for r in rows)
    python = next(r for r in rows if r["environment"] == "python3.11")
    assert python["available"] and python["version"].startswith("Python 3.11")
    assert python["capabilities"] == ["compile", "test", "style"]
    rust = next(r for r in rows if r["environment"] == "rustc1.63")
    assert "style" not in rust["capabilities"]
    unavailable = [r for r in rows if not r["available"]]
    assert all(r["reason"].startswith("not found: ") and not r["version"] for r in unavailable)


def test_environments_prints_a_table_marking_the_defaults() -> None:
    done = run("environments")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split() == ["evaluator", "environment", "capabilities", "available", "version"]
    assert any(line.split()[:3] == ["cpp", "gcc12-c++17", "*"] for line in lines)
    assert any(line.split()[:2] == ["cpp", "clang14-c++20"] for line in lines)


def test_missing_subcommand_module_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import judging.cli

    monkeypatch.setitem(judging.cli.COMMANDS, "ghost", ("judging.cli.no_such_module", "x"))
    assert judging.cli.main(["ghost"]) == 3
    assert "not installed" in capsys.readouterr().err
