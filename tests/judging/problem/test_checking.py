"""check-package's judging rules with a scripted judge: a rule left open by stopping at the
first failure judges every test again, slow_accepted runs under the safety margin and is read
at the limit, and a BAPCtools .bad. submission must not match its folder."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from judging import report as reports
from judging.classification import Classification as C
from judging.languages.base import LanguageConfig
from judging.model import Problem
from judging.problem.calibration import CachingCalibrator
from judging.problem.checking import EXIT_AGREE, EXIT_DISAGREE, check_package
from tests.judging.problem.builders import minimal, write_package

PY = LanguageConfig(id="python3", name="Py", extensions=("py",), run_command="py")


@dataclass
class ScriptedJudge:
    """Each test's classification and CPU time by file name and test name."""

    script: dict[str, dict[str, tuple[C, int]]]
    calls: list[tuple[str, bool, float]] = field(default_factory=list)

    def judge(
        self,
        source: Path,
        problem: Problem,
        *,
        run_all_tests: bool,
        language: str = "",
        entrypoint: str = "",
    ) -> reports.Report:
        self.calls.append((source.name, run_all_tests, problem.time_limit_s))
        tests, failed = [], False
        for test in problem.tests:
            verdict, cpu = self.script[source.name][test.name]
            if failed and not run_all_tests:
                verdict, cpu = C.EVALUATION_SKIPPED, 0
            failed = failed or verdict is not C.ACCEPTED
            tests.append(reports.TestReport(test.name, verdict, cpu_ms=cpu))
        worst = next((t.classification for t in tests if t.classification is not C.ACCEPTED), None)
        return reports.Report(worst or C.ACCEPTED, tests=tuple(tests))

    def language_for(self, source: Path, language: str = "") -> LanguageConfig | None:
        return PY


def two_tests(root: Path, problem_yaml: str, files: dict[str, str]) -> Path:
    minimal(root, problem_yaml, files)
    return write_package(root, {"data/secret/2.in": "2\n", "data/secret/2.ans": "2\n"})


def test_a_group_rule_left_open_by_the_first_failure_judges_every_test(tmp_path: Path) -> None:
    yaml = "wrong_answer/odd.py:\n  secret/2:\n    required: [AC]\n"
    package = two_tests(
        tmp_path,
        "problem_format_version: 2025-09\nname: x\n",
        {"submissions/submissions.yaml": yaml, "submissions/wrong_answer/odd.py": ""},
    )
    judge = ScriptedJudge(
        {"odd.py": {"secret/1": (C.WRONG_ANSWER, 5), "secret/2": (C.ACCEPTED, 5)}}
    )
    outcome = check_package(package, CachingCalibrator(judge, cache_dir=tmp_path / "c"))
    assert [c[:2] for c in judge.calls] == [("odd.py", False), ("odd.py", True)]
    (row,) = outcome.rows
    assert row.agrees is True and row.source == "submissions.yaml"
    assert outcome.exit_code == EXIT_AGREE


def test_slow_accepted_is_accepted_within_the_margin_and_too_slow_without(tmp_path: Path) -> None:
    package = minimal(
        tmp_path, "limits:\n  time_safety_margin: 3\n", {"submissions/slow_accepted/s.py": ""}
    )
    judge = ScriptedJudge({"s.py": {"secret/1": (C.ACCEPTED, 1500)}})  # the limit is 1 s
    outcome = check_package(package, CachingCalibrator(judge, cache_dir=tmp_path / "c"))
    assert judge.calls == [("s.py", False, 3.0)]  # run under limit x time_safety_margin
    (row,) = outcome.rows
    assert (row.verdict, row.agrees, row.time_fraction) == ("TLE", True, 1.5)
    judge.script["s.py"]["secret/1"] = (C.ACCEPTED, 400)  # fast: not slow_accepted at all
    outcome = check_package(package, CachingCalibrator(judge, cache_dir=tmp_path / "c"))
    assert outcome.rows[0].agrees is False and outcome.exit_code == EXIT_DISAGREE


def test_a_bad_submission_must_not_match_its_folder(tmp_path: Path) -> None:
    package = minimal(tmp_path, "name: x\n", {"submissions/accepted/wa.bad.py": "print(0)\n"})
    judge = ScriptedJudge({"wa.bad.py": {"secret/1": (C.WRONG_ANSWER, 5)}})
    outcome = check_package(package, CachingCalibrator(judge, cache_dir=tmp_path / "c"))
    (row,) = outcome.rows
    assert (row.agrees, row.deliberate, row.ok) == (False, True, True)
    assert outcome.exit_code == EXIT_AGREE
    judge.script["wa.bad.py"]["secret/1"] = (C.ACCEPTED, 5)  # the checker failed to notice
    outcome = check_package(package, CachingCalibrator(judge, cache_dir=tmp_path / "c"))
    assert outcome.rows[0].ok is False and outcome.exit_code == EXIT_DISAGREE


@dataclass
class TimedJudge(ScriptedJudge):
    """Each test's CPU time by file name; a test over the limit it is given is TLE."""

    def judge(
        self,
        source: Path,
        problem: Problem,
        *,
        run_all_tests: bool,
        language: str = "",
        entrypoint: str = "",
    ) -> reports.Report:
        self.calls.append((source.name, run_all_tests, problem.time_limit_s))
        limit_ms = problem.time_limit_s * 1000
        tests = []
        for test in problem.tests:
            _, cpu = self.script[source.name][test.name]
            verdict = C.TIME_LIMIT_EXCEEDED if cpu > limit_ms else C.ACCEPTED
            tests.append(reports.TestReport(test.name, verdict, cpu_ms=min(cpu, int(limit_ms))))
        worst = next((t.classification for t in tests if t.classification is not C.ACCEPTED), None)
        return reports.Report(worst or C.ACCEPTED, tests=tuple(tests))


def test_a_required_tle_must_tle_at_the_limit_times_time_limit_to_tle(tmp_path: Path) -> None:
    # 2025-09, "Timelimit inference": time_limit x time_limit_to_tle <= T_tle.
    package = minimal(
        tmp_path,
        "problem_format_version: 2025-09\nname: x\nlimits:\n  time_limit: 1\n"
        "  time_multipliers:\n    time_limit_to_tle: 2\n",
        {"submissions/time_limit_exceeded/slow.py": ""},
    )
    judge = TimedJudge({"slow.py": {"secret/1": (C.ACCEPTED, 1500)}})  # TLE at 1 s, not at 2 s
    outcome = check_package(package, CachingCalibrator(judge, cache_dir=tmp_path / "c"))
    assert judge.calls == [("slow.py", False, 2.0)]  # run under limit x time_limit_to_tle
    (row,) = outcome.rows
    assert (row.verdict, row.agrees) == ("TLE", False)
    assert "time_limit_to_tle" in row.reason and outcome.exit_code == EXIT_DISAGREE
    judge.script["slow.py"]["secret/1"] = (C.ACCEPTED, 2500)  # slow enough for the bound
    outcome = check_package(package, CachingCalibrator(judge, cache_dir=tmp_path / "c"))
    assert (outcome.rows[0].verdict, outcome.rows[0].agrees) == ("TLE", True)


def test_legacy_states_no_upper_bound_and_rte_or_tle_bounds_nothing(tmp_path: Path) -> None:
    legacy = minimal(tmp_path / "legacy", "name: x\n", {"submissions/time_limit_exceeded/s.py": ""})
    judge = TimedJudge({"s.py": {"secret/1": (C.ACCEPTED, 1500)}})
    outcome = check_package(legacy, CachingCalibrator(judge, cache_dir=tmp_path / "c"))
    assert judge.calls == [("s.py", False, 1.0)] and outcome.rows[0].agrees is True
    # brute_force/ requires "RTE or TLE": no bound from above.
    either = minimal(
        tmp_path / "either",
        "problem_format_version: 2025-09\nname: x\nlimits:\n  time_limit: 1\n",
        {"submissions/brute_force/s.py": ""},
    )
    judge.calls.clear()
    outcome = check_package(either, CachingCalibrator(judge, cache_dir=tmp_path / "c"))
    assert judge.calls == [("s.py", False, 1.0)] and outcome.rows[0].agrees is True


@dataclass
class WaitingJudge(ScriptedJudge):
    """A program that waits 10 s (1 ms of CPU) and then does the given thing: TLE when the wall
    limit the engine gives at the limit (1.5 x CPU + 1 s) is shorter than its wait."""

    def judge(
        self,
        source: Path,
        problem: Problem,
        *,
        run_all_tests: bool,
        language: str = "",
        entrypoint: str = "",
    ) -> reports.Report:
        self.calls.append((source.name, run_all_tests, problem.time_limit_s))
        wall = 1500 * problem.time_limit_s + 1000
        verdict, wall_ms = (
            (C.TIME_LIMIT_EXCEEDED, wall) if wall < 10_000 else (C.WRONG_ANSWER, 10_000)
        )
        tests = tuple(
            reports.TestReport(t.name, verdict, cpu_ms=1, wall_ms=int(wall_ms))
            for t in problem.tests
        )
        return reports.Report(verdict, tests=tests)


def test_a_program_that_waits_is_read_at_the_limit_by_its_wall_time(tmp_path: Path) -> None:
    # Under limit x 2 its wait ends (WA after it); at the limit the wall limit stops it: TLE,
    # and its 10 s of waiting are past the stretched limit, so the upper bound holds.
    package = minimal(
        tmp_path,
        "problem_format_version: 2025-09\nname: x\nlimits:\n  time_limit: 5\n"
        "  time_multipliers:\n    time_limit_to_tle: 2\n",
        {"submissions/time_limit_exceeded/wait.py": ""},
    )
    judge = WaitingJudge({})
    outcome = check_package(package, CachingCalibrator(judge, cache_dir=tmp_path / "c"))
    assert judge.calls == [("wait.py", False, 10.0)]
    (row,) = outcome.rows
    assert (row.got, row.verdict, row.agrees) == ("Wrong Answer", "TLE", True), row.reason
