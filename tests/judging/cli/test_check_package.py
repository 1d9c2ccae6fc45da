"""check-package's exits and output that need no sandbox: usage, broken packages, and how
results turn into an exit status (with a judge that reports what it is told)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from judging import report as reports
from judging.classification import Classification
from judging.cli import check_package
from judging.languages.base import LanguageConfig
from judging.model import Problem
from judging.problem import kinds
from judging.problem.calibration import CachingCalibrator
from tests.judging.problem.builders import PACKAGES, minimal

C = LanguageConfig(id="c", name="C", extensions=("c",), run_command="./main")


@dataclass
class ScriptedJudge:
    verdicts: dict[str, Classification]

    def judge(
        self,
        source: Path,
        problem: Problem,
        *,
        run_all_tests: bool,
        language: str = "",
        entrypoint: str = "",
    ) -> reports.Report:
        verdict = self.verdicts[source.name]
        return reports.Report(
            verdict,
            tests=(reports.TestReport("t", verdict, cpu_ms=12),),
            reason="sandbox failure: x" if verdict.name == "REQUIRES_REEVALUATION" else "",
        )

    def language_for(self, source: Path, language: str = "") -> LanguageConfig | None:
        return C if source.suffix == ".c" else None


def run(tmp_path: Path, verdicts: dict[str, Classification]) -> check_package.Outcome:
    calibrator = CachingCalibrator(ScriptedJudge(verdicts), cache_dir=tmp_path / "cache")
    return check_package.check_package(PACKAGES / "hypot", calibrator)


HYPOT_AS_EXPECTED = {
    "hypot.c": Classification.ACCEPTED,
    "two_decimals.c": Classification.WRONG_ANSWER,
    "spin.c": Classification.TIME_LIMIT_EXCEEDED,
    "abort.c": Classification.RUNTIME_ERROR,
}


def test_all_agree_is_exit_0_and_unknown_languages_are_not_judged(tmp_path: Path) -> None:
    outcome = run(tmp_path, HYPOT_AS_EXPECTED)
    assert outcome.exit_code == check_package.EXIT_AGREE
    judged = {r.submission: r.agrees for r in outcome.rows}
    assert judged["accepted/hypot.c"] is True
    assert judged["accepted/hypot.py"] is None  # the scripted judge knows no Python
    row = next(r for r in outcome.rows if r.submission == "accepted/hypot.py")
    assert row.not_judged == "language not installed (.py files)"
    accepted = next(r for r in outcome.rows if r.submission == "accepted/hypot.c")
    assert (accepted.source, accepted.expected, accepted.verdict) == ("folder", "only AC", "AC")
    assert accepted.time_fraction == 0.012  # 12 ms of hypot's 1 s
    summary = "\n".join(check_package.summary_lines(outcome))
    assert "cannot judge yet: " in summary and "language not installed" in summary


def test_a_disagreement_is_exit_1(tmp_path: Path) -> None:
    outcome = run(tmp_path, HYPOT_AS_EXPECTED | {"spin.c": Classification.ACCEPTED})
    assert outcome.exit_code == check_package.EXIT_DISAGREE
    row = next(r for r in outcome.rows if r.submission == "time_limit_exceeded/spin.c")
    assert (row.verdict, row.got, row.agrees) == ("AC", "Accepted", False)
    assert row.reason == "no test got TLE (TLE)"


def test_requires_reevaluation_is_an_infrastructure_error(tmp_path: Path) -> None:
    outcome = run(tmp_path, HYPOT_AS_EXPECTED | {"abort.c": Classification.REQUIRES_REEVALUATION})
    assert outcome.exit_code == check_package.EXIT_ERROR
    data = check_package.outcome_json(outcome, PACKAGES / "hypot")
    assert data["exit_code"] == 3 and data["agree"] is False
    limit = data["problem"]["time_limit"]
    assert limit == {"seconds": 1.0, "source": "problem.yaml", "calibration": None}
    wa = next(r for r in data["submissions"] if r["submission"] == "wrong_answer/two_decimals.c")
    assert wa["expected_sets"]["source"] == "folder"
    assert wa["expected_sets"]["rules"] == [
        {"tests": "*", "permitted": ["AC", "WA"], "required": ["WA"]}
    ]
    json.dumps(data)  # serialisable as is


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert check_package.main([]) == check_package.EXIT_USAGE
    assert check_package.main(["a", "b"]) == check_package.EXIT_USAGE
    assert check_package.main(["--time-limit", "0", str(PACKAGES / "sum")]) == 2
    assert check_package.main(["--help"]) == 0
    assert "usage:" in capsys.readouterr().out


def test_package_errors_exit_3_with_a_message_and_no_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert check_package.main([str(tmp_path / "nowhere")]) == check_package.EXIT_ERROR
    assert "no such directory" in capsys.readouterr().err
    minimal(tmp_path, "name: x\n", {"data/secret/2.in": "no answer\n"})
    assert check_package.main([str(tmp_path)]) == check_package.EXIT_ERROR
    err = capsys.readouterr().err
    assert "2.in has no answer file" in err and "Traceback" not in err


def test_a_kind_of_problem_juiz_cannot_judge_yet_lists_its_submissions_with_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every kind is judged today: the table of those that are not is given one for the test.
    why = "an interactive multi-pass problem"
    monkeypatch.setitem(kinds.UNJUDGEABLE_KINDS, ("interactive", "multi-pass"), why)
    minimal(
        tmp_path, "validation: custom interactive multi-pass\n", {"submissions/accepted/a.c": ""}
    )
    assert check_package.main([str(tmp_path)]) == check_package.EXIT_AGREE
    out = capsys.readouterr().out
    assert "accepted/a.c" in out and "cannot judge yet: an interactive multi-pass problem" in out
    modern = "problem_format_version: 2025-09\ntype: pass-fail interactive multi-pass\n"
    minimal(tmp_path, modern, {"submissions/accepted/a.c": ""})
    assert check_package.main([str(tmp_path), "--json"]) == check_package.EXIT_AGREE
    data = json.loads(capsys.readouterr().out)
    assert data["cannot_judge_yet"] == "an interactive multi-pass problem"
    assert data["submissions"][0]["not_judged"] == "an interactive multi-pass problem"
