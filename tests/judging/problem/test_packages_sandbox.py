"""check-package on every authored package, with the real sandbox and compilers, and the
calibration cache proved on the real engine."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from judging import report as reports
from judging.cli import check_package
from judging.languages.base import LanguageConfig
from judging.model import Problem
from judging.problem.calibration import CachingCalibrator
from judging.problem.package import load_package
from judging.problem.runner import EngineJudge, PackageJudge
from tests.judging.problem.builders import PACKAGES

pytestmark = pytest.mark.sandbox

AUTHORED = sorted(path.parent.name for path in PACKAGES.glob("*/problem.yaml"))


@pytest.mark.parametrize("name", AUTHORED)
def test_every_submission_gets_what_its_folder_expects(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("JUIZ_CACHE_DIR", str(tmp_path))
    code = check_package.main([str(PACKAGES / name), "--json"])
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    wrong = [(r["submission"], r["got"], r["reason"]) for r in data["submissions"] if not r["ok"]]
    assert (code, wrong) == (0, []), captured.err
    folders = {r["submission"].split("/")[0] for r in data["submissions"]}
    assert {"accepted", "wrong_answer", "time_limit_exceeded", "run_time_error"} <= folders
    languages = {Path(r["submission"]).suffix for r in data["submissions"]}
    assert {".c", ".py"} <= languages
    calibration = data["problem"]["time_limit"]["calibration"]
    if name == "primes":
        assert data["problem"]["time_limit"]["source"] == "calibrated"
        assert calibration["cache"] == "miss (saved)"
    else:
        assert calibration is None


@dataclass
class CountingJudge:
    """The real engine, counting what it is asked to judge."""

    inner: PackageJudge
    calls: list[str] = field(default_factory=list)

    def judge(
        self,
        source: Path,
        problem: Problem,
        *,
        run_all_tests: bool,
        language: str = "",
        entrypoint: str = "",
    ) -> reports.Report:
        self.calls.append(source.name)
        return self.inner.judge(
            source, problem, run_all_tests=run_all_tests, language=language, entrypoint=entrypoint
        )

    def language_for(self, source: Path, language: str = "") -> LanguageConfig | None:
        return self.inner.language_for(source, language)


def test_calibration_runs_accepted_submissions_once_then_the_cache_answers(tmp_path: Path) -> None:
    engine = EngineJudge.default()
    first = CountingJudge(engine)
    calibrator = CachingCalibrator(first, cache_dir=tmp_path)
    problem = load_package(PACKAGES / "primes", calibrate=calibrator)
    measured = calibrator.last
    assert measured is not None and measured.cache_status == "miss (saved)"
    # 2023-07: accepted/, wrong_answer/ and run_time_error/ bound the limit from below.
    assert sorted(first.calls) == ["below_n.c", "null.c", "recursion.py", "sieve.c", "sieve.py"]
    assert 0 < measured.slowest_s < 1
    assert problem.time_limit_source == "calibrated"
    assert problem.time_limit_s == measured.rule.time_limit(measured.slowest_s)

    second = CountingJudge(engine)
    calibrator = CachingCalibrator(second, cache_dir=tmp_path)
    again = load_package(PACKAGES / "primes", calibrate=calibrator)
    assert second.calls == []  # no accepted submission ran again
    assert calibrator.last is not None and calibrator.last.cache_hit
    assert again.time_limit_s == problem.time_limit_s
    assert "cache hit" in check_package.describe_time_limit(again, calibrator.last)
