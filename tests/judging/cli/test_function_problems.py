"""python -m judging judge with a function problem's case file: as JSON, as a table, and a
broken case file refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judging.cli import main

DATA = Path(__file__).resolve().parents[1] / "functions" / "data"


def solution(tmp_path: Path, body: bytes) -> Path:
    path = tmp_path / "sol.py"
    path.write_bytes(body)
    return path


@pytest.mark.sandbox
def test_judge_prints_a_function_problems_report_as_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = solution(tmp_path, b"def addTwo(a, b):\n    return a + b\n")
    assert main(["judge", str(DATA / "add-two.json"), str(source), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["classification"] == "Accepted" and len(report["tests"]) == 4
    assert report["tests"][0]["input_preview"] == "[1,2]"


@pytest.mark.sandbox
def test_judge_prints_a_function_problems_verdict_in_a_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = solution(tmp_path, b"def addTwo(a, b):\n    return a * b\n")
    assert main(["judge", str(DATA / "add-two.json"), str(source), "--language", "python3"]) == 0
    out = capsys.readouterr().out
    assert "Verdict:  Wrong Answer (WA)" in out and "function problem" in out
    assert "expected 3, got 2" in out


def test_judge_refuses_a_broken_case_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "x.json"
    broken.write_text('{"id": "x", "kind": "program"}')
    source = solution(tmp_path, b"")
    assert main(["judge", str(broken), str(source)]) == 2
    assert "`kind` must be one of" in capsys.readouterr().err
