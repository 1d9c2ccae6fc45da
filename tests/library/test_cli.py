"""The library's command line (python -m library): build-cases and verify-refs; the engine's
own command line no longer offers them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judging.cli import main
from library import index
from library.cli import main as library_main
from tests.library import tiny_library


def test_build_cases_builds_then_finds_fresh(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tiny_library.make(tmp_path, monkeypatch)
    assert library_main(["build-cases"]) == 0
    assert "built   add" in capsys.readouterr().out
    assert library_main(["build-cases", "add"]) == 0 and "fresh   add" in capsys.readouterr().out
    assert library_main(["build-cases", "--force", "add"]) == 0
    assert "built" in capsys.readouterr().out
    assert library_main(["build-cases", "nope"]) == 2


def test_build_cases_reports_a_broken_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    problem = tiny_library.make(tmp_path, monkeypatch)
    (problem / "generator.py").write_text("def cases(rng):\n    return []\n")
    assert library_main(["build-cases"]) == 1
    assert "FAILED  add: generator defines no reference()" in capsys.readouterr().err


@pytest.mark.sandbox
def test_verify_refs_passes_with_a_naive_that_times_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tiny_library.make(tmp_path, monkeypatch)
    assert library_main(["verify-refs", "--language", "python3"]) == 0
    out = capsys.readouterr().out
    assert "add      python3   Accepted" in out and "Time Limit Exceeded" in out
    coverage = json.loads((tmp_path / "var" / "library" / "coverage.json").read_text())
    assert index.coverage_path() == tmp_path / "var" / "library" / "coverage.json"
    assert coverage["add"]["python3"]["ok"] is True


@pytest.mark.sandbox
def test_verify_refs_fails_when_the_naive_passes_the_stress_cases(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tiny_library.make(tmp_path, monkeypatch, naive=tiny_library.REFERENCE)
    assert library_main(["verify-refs", "--language", "python3", "add"]) == 1
    out = capsys.readouterr().out
    assert "FAILED: naive: Accepted, not Time Limit Exceeded" in out and "0/1 verified" in out


def test_verify_refs_exits_2_on_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert library_main(["verify-refs", "no-such-problem"]) == 2
    assert library_main(["verify-refs", "--language", "cobol"]) == 2
    assert library_main(["verify-refs", "-j", "0"]) == 2


def test_the_library_commands_belong_to_python_m_library(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["build-cases"]) == 2  # no longer an engine command
    assert "unknown command 'build-cases'" in capsys.readouterr().err
    assert library_main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "build-cases" in out and "verify-refs" in out
    assert library_main(["judge"]) == 2 and library_main([]) == 2
