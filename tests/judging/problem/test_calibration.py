"""Calibrated time limits: the format's rule, and the cache that spares re-running the
package's accepted submissions (proved by counting the judge's calls)."""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from judging import report as reports
from judging.classification import Classification
from judging.languages.base import LanguageConfig
from judging.model import Problem
from judging.problem.calibration import (
    CachingCalibrator,
    TimingRule,
    default_cache_dir,
    package_hash,
    safety_margin,
)
from judging.problem.errors import PackageError
from judging.problem.package import load_package, timing_rule
from tests.judging.problem.builders import PACKAGES

C = LanguageConfig(id="c", name="C", extensions=("c",), run_command="./main")
PY = LanguageConfig(id="python3", name="Py", extensions=("py",), run_command="py", time_factor=2.0)


@dataclass
class CountingJudge:
    """Stands in for the engine: every accepted run takes `cpu_ms[file]` on its slowest test."""

    cpu_ms: dict[str, int]
    verdicts: dict[str, Classification] = field(default_factory=dict)
    calls: list[str] = field(default_factory=list)
    limits_seen: list[float] = field(default_factory=list)

    def judge(
        self,
        source: Path,
        problem: Problem,
        *,
        run_all_tests: bool,
        language: str = "",
        entrypoint: str = "",
    ) -> reports.Report:
        assert run_all_tests  # calibration needs every test's time
        self.calls.append(source.name)
        self.limits_seen.append(problem.time_limit_s)
        times = [1] * (len(problem.tests) - 1) + [self.cpu_ms.get(source.name, 1)]
        verdict = self.verdicts.get(source.name, Classification.ACCEPTED)
        tests = tuple(
            reports.TestReport(t.name, verdict, cpu_ms=ms)
            for t, ms in zip(problem.tests, times, strict=True)
        )
        return reports.Report(verdict, tests=tests, reason="" if verdict.is_accepted else "because")

    def language_for(self, source: Path, language: str = "") -> LanguageConfig | None:
        return next((lang for lang in (C, PY) if lang.matches(source.name)), None)


# 2023-07 bounds the limit from below by every submission whose rule never permits TLE:
# accepted/, wrong_answer/ and run_time_error/ by default ("Timelimit inference").
PRIMES_LOWER_BOUNDS = ["below_n.c", "null.c", "recursion.py", "sieve.c", "sieve.py"]


@pytest.fixture
def primes(tmp_path: Path) -> Path:
    """A copy of the package without a time limit (accepted: sieve.c and sieve.py)."""
    return Path(shutil.copytree(PACKAGES / "primes", tmp_path / "primes"))


@pytest.mark.parametrize(
    ("rule", "slowest", "limit"),
    [
        (TimingRule("legacy", 5), 0.05, 1.0),  # at least one second
        (TimingRule("legacy", 5), 0.29, 1.0),  # 1.45 rounds to nearest
        (TimingRule("legacy", 5), 0.3, 2.0),  # 1.5 rounds half up (problemtools' int(0.5 + x))
        (TimingRule("2023-07", 2.0, 1.0), 0.1, 1.0),
        (TimingRule("2023-07", 2.0, 1.0), 0.6, 2.0),  # 1.2 rounds *up* to the resolution
        (TimingRule("2023-07", 2.0, 0.5), 0.25, 0.5),  # exactly a multiple stays
        (TimingRule("2023-07", 2.0, 0.5), 0.26, 1.0),
        (TimingRule("2023-07", 2.0, 0.1), 0.15, 0.3),  # no 0.30000000000000004
    ],
)
def test_each_format_rounds_the_calibrated_limit_its_own_way(
    rule: TimingRule, slowest: float, limit: float
) -> None:
    assert rule.time_limit(slowest) == limit


def test_the_timing_rule_is_read_from_problem_yaml() -> None:
    assert timing_rule({}) == TimingRule("legacy", 5.0)
    assert timing_rule({"limits": {"time_multiplier": 3}}) == TimingRule("legacy", 3.0)
    modern = {"problem_format_version": "2023-07-draft"}
    assert timing_rule(modern) == TimingRule("2023-07", 2.0, 1.0)
    custom = modern | {
        "limits": {"time_multipliers": {"ac_to_time_limit": 3}, "time_resolution": 0.1}
    }
    assert timing_rule(custom) == TimingRule("2023-07", 3.0, 0.1)
    with pytest.raises(PackageError, match="ac_to_time_limit must be at least 1"):
        timing_rule(modern | {"limits": {"time_multipliers": {"ac_to_time_limit": 0.5}}})


def test_calibrates_from_the_slowest_accepted_run_per_language_factor(
    primes: Path, tmp_path: Path
) -> None:
    # sieve.py needs 800 ms, but Python's factor 2 doubles its limit: 0.4 s counts. sieve.c's
    # 300 ms is below that, so T_ac = 0.4 s; x 2.0 = 0.8 s, up to a multiple of 0.5 s: 1 s.
    judge = CountingJudge({"sieve.c": 300, "sieve.py": 800})
    calibrator = CachingCalibrator(judge, cache_dir=tmp_path / "cache", ceiling_s=7.0)
    problem = load_package(primes, calibrate=calibrator)
    assert (problem.time_limit_s, problem.time_limit_source) == (1.0, "calibrated")
    assert sorted(judge.calls) == PRIMES_LOWER_BOUNDS
    assert judge.limits_seen == [7.0] * 5  # measured under the generous ceiling
    last = calibrator.last
    assert last is not None
    assert (last.slowest_s, last.slowest_submission) == (0.4, "accepted/sieve.py")
    assert last.cache_status == "miss (saved)"
    assert last.cache_path == tmp_path / "cache" / f"{package_hash(primes)}.json"
    assert json.loads(last.cache_path.read_text())["slowest_s"] == 0.4
    assert dict(last.used)["accepted/sieve.c"] == 0.3


def test_second_load_hits_the_cache_and_judges_nothing(primes: Path, tmp_path: Path) -> None:
    first = CountingJudge({"sieve.c": 300, "sieve.py": 800})
    load_package(primes, calibrate=CachingCalibrator(first, cache_dir=tmp_path / "cache"))
    assert len(first.calls) == 5

    second = CountingJudge(dict.fromkeys(PRIMES_LOWER_BOUNDS, 9000))  # would change the limit
    calibrator = CachingCalibrator(second, cache_dir=tmp_path / "cache")
    problem = load_package(primes, calibrate=calibrator)
    assert second.calls == []
    assert problem.time_limit_s == 1.0
    assert calibrator.last is not None and calibrator.last.cache_hit


def test_changed_test_data_or_accepted_submission_recalibrates(
    primes: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    load_package(
        primes,
        calibrate=CachingCalibrator(CountingJudge({"sieve.c": 1, "sieve.py": 1}), cache_dir=cache),
    )
    (primes / "data/secret/2-large/2.ans").write_text("78499\n")
    judge = CountingJudge({"sieve.c": 700, "sieve.py": 2})
    assert (
        load_package(primes, calibrate=CachingCalibrator(judge, cache_dir=cache)).time_limit_s
        == 1.5
    )
    assert len(judge.calls) == 5
    (primes / "submissions/accepted/sieve.c").write_text("/* faster now */\n")
    judge = CountingJudge({"sieve.c": 1, "sieve.py": 2})
    assert (
        load_package(primes, calibrate=CachingCalibrator(judge, cache_dir=cache)).time_limit_s
        == 0.5
    )
    assert len(judge.calls) == 5


def test_a_fixed_time_limit_never_calibrates(tmp_path: Path) -> None:
    judge = CountingJudge({})
    problem = load_package(PACKAGES / "sum", calibrate=CachingCalibrator(judge, cache_dir=tmp_path))
    assert problem.time_limit_source == ".timelimit"
    assert judge.calls == [] and not any(tmp_path.iterdir())


def test_a_reference_that_fails_is_skipped_and_said(primes: Path, tmp_path: Path) -> None:
    judge = CountingJudge(
        {"sieve.c": 100, "sieve.py": 5000},
        verdicts={"sieve.py": Classification.TIME_LIMIT_EXCEEDED},
    )
    calibrator = CachingCalibrator(judge, cache_dir=tmp_path / "c")
    assert load_package(primes, calibrate=calibrator).time_limit_s == 0.5  # from sieve.c only
    assert calibrator.last is not None
    skipped = dict(calibrator.last.skipped)
    assert skipped["accepted/sieve.py"].startswith("got TLE on sample/1 (because)")
    assert "accepted/sieve.py" not in dict(calibrator.last.used)


def test_disabled_and_uninstalled_submissions_are_skipped_and_said(
    primes: Path, tmp_path: Path
) -> None:
    accepted = primes / "submissions/accepted"
    (accepted / "fast.kt.disabled").write_text("")
    (accepted / "fast.rb").write_text("")  # no language for .rb
    (accepted / "multi").mkdir()
    (accepted / "multi/a.c").write_text("")
    (accepted / "multi/b.py").write_text("")  # two languages: no one language for it
    judge = CountingJudge({})
    calibrator = CachingCalibrator(judge, cache_dir=tmp_path / "c")
    load_package(primes, calibrate=calibrator)
    assert calibrator.last is not None
    skipped = dict(calibrator.last.skipped)
    assert skipped["accepted/fast.kt.disabled"] == "disabled (name ends in .disabled)"
    assert skipped["accepted/fast.rb"] == "cannot judge yet: language not installed (.rb files)"
    assert skipped["accepted/multi"] == (
        "cannot judge yet: language not installed (no one installed language for its files)"
    )
    assert sorted(judge.calls) == PRIMES_LOWER_BOUNDS


def test_stated_expectations_decide_the_references(primes: Path, tmp_path: Path) -> None:
    # submissions.yaml lets accepted/ time out (the folder's key replaces its default), so only
    # sieve.c, still held to AC by its own key, bounds the limit there; wrong_answer/ opts out.
    (primes / "submissions/submissions.yaml").write_text(
        "accepted:\n  permitted: [AC, TLE]\n"
        "accepted/sieve.c:\n  permitted: [AC]\n"
        "wrong_answer:\n  use_for_time_limit: false\n"
    )
    judge = CountingJudge({"sieve.c": 100, "sieve.py": 9000})
    load_package(primes, calibrate=CachingCalibrator(judge, cache_dir=tmp_path / "c"))
    assert "sieve.py" not in judge.calls and "below_n.c" not in judge.calls
    assert "sieve.c" in judge.calls


def test_legacy_measures_only_submissions_expected_accepted(tmp_path: Path) -> None:
    package = Path(shutil.copytree(PACKAGES / "sum", tmp_path / "sum"))
    (package / ".timelimit").unlink()
    (package / "submissions/accepted/sum.py").write_text("# @EXPECTED_RESULTS@: WRONG-ANSWER\n")
    judge = CountingJudge({"sum.c": 300})
    problem = load_package(package, calibrate=CachingCalibrator(judge, cache_dir=tmp_path / "c"))
    assert judge.calls == ["sum.c"]  # sum.py is annotated WA; this judge knows no C++
    assert problem.time_limit_s == 2.0  # 0.3 s x 5, nearest whole second


def test_no_usable_accepted_submission_is_a_package_error(primes: Path, tmp_path: Path) -> None:
    for folder in ("accepted", "wrong_answer", "run_time_error"):
        shutil.rmtree(primes / "submissions" / folder)
    with pytest.raises(PackageError, match="no usable accepted submission remains"):
        load_package(primes, calibrate=CachingCalibrator(CountingJudge({}), cache_dir=tmp_path))
    (primes / "submissions/accepted").mkdir()
    (primes / "submissions/accepted/x.py.disabled").write_text("")
    with pytest.raises(PackageError, match=r"skipped: accepted/x.py.disabled: disabled"):
        load_package(primes, calibrate=CachingCalibrator(CountingJudge({}), cache_dir=tmp_path))


def test_the_safety_margin_follows_the_format_version(tmp_path: Path) -> None:
    legacy = tmp_path / "legacy"
    legacy.mkdir()
    (legacy / "problem.yaml").write_text("limits:\n  time_safety_margin: 3\n")
    assert safety_margin(legacy) == (3.0, "time_safety_margin")
    (legacy / "problem.yaml").write_text("name: x\n")
    assert safety_margin(legacy) == (2.0, "time_safety_margin")
    assert safety_margin(PACKAGES / "primes") == (1.5, "time_limit_to_tle")
    (legacy / "problem.yaml").write_text(
        "problem_format_version: 2025-09\nlimits:\n  time_multipliers:\n"
        "    time_limit_to_tle: 0.5\n"
    )
    with pytest.raises(PackageError, match="time_limit_to_tle must be a number of at least 1"):
        safety_margin(legacy)


def test_corrupt_or_unwritable_cache_only_costs_a_measurement(primes: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / f"{package_hash(primes)}.json").write_text("{not json")
    judge = CountingJudge({"sieve.c": 100, "sieve.py": 100})
    calibrator = CachingCalibrator(judge, cache_dir=cache)
    load_package(primes, calibrate=calibrator)
    assert len(judge.calls) == 5 and calibrator.last is not None
    assert calibrator.last.cache_status == "miss (saved)"

    blocked = tmp_path / "a-file"
    blocked.write_text("")
    calibrator = CachingCalibrator(judge, cache_dir=blocked / "cache")
    assert load_package(primes, calibrate=calibrator).time_limit_s == 0.5
    assert calibrator.last is not None and calibrator.last.cache_status.startswith(
        "miss (not saved"
    )


def test_the_cache_directory_comes_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("JUIZ_CACHE_DIR", str(tmp_path / "juiz"))
    assert default_cache_dir() == tmp_path / "juiz" / "calibration"
    monkeypatch.delenv("JUIZ_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert default_cache_dir() == tmp_path / "xdg" / "juiz" / "calibration"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_cache_dir() == tmp_path / "home" / ".cache" / "juiz" / "calibration"
