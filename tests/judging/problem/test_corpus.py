"""check-corpus's pieces without a sandbox: packages found two levels down, a refusal and a
crash reported (never raised), the table, and the result cache keyed by package and engine."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from judging import report as reports
from judging.classification import Classification
from judging.languages.base import LanguageConfig
from judging.model import Problem
from judging.problem import kinds
from judging.problem.calibration import CachingCalibrator
from judging.problem.corpus import check_corpus, check_one, packages_of, summarise, table
from tests.judging.problem.builders import minimal

C = LanguageConfig(id="c", name="C", extensions=("c",), run_command="./main")


@dataclass
class CountingJudge:
    calls: list[str] = field(default_factory=list)
    languages: tuple[LanguageConfig, ...] = (C,)

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
        if source.name == "boom.c":
            raise RuntimeError("engine bug")
        test = reports.TestReport(problem.tests[0].name, Classification.ACCEPTED, cpu_ms=5)
        return reports.Report(Classification.ACCEPTED, tests=(test,))

    def language_for(self, source: Path, language: str = "") -> LanguageConfig | None:
        return C if source.suffix == ".c" else None


def corpus(root: Path) -> Path:
    minimal(root / "set-a" / "good", files={"submissions/accepted/a.c": ""})
    minimal(root / "set-a" / "broken", files={"data/secret/2.in": "no answer\n"})
    minimal(root / "set-b" / "crashy", files={"submissions/accepted/boom.c": ""})
    minimal(
        root / "set-b" / "multipass",
        "validation: custom interactive multi-pass\n",
        {"submissions/accepted/a.c": ""},
    )
    return root


def test_every_package_is_checked_and_nothing_escapes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every kind is judged today: the table of those that are not is given one for the test.
    why = "an interactive multi-pass problem"
    monkeypatch.setitem(kinds.UNJUDGEABLE_KINDS, ("interactive", "multi-pass"), why)
    root = corpus(tmp_path / "corpus")
    assert [f"{s}/{p.name}" for s, p in packages_of(root)] == [
        "set-a/broken",
        "set-a/good",
        "set-b/crashy",
        "set-b/multipass",
    ]
    judge = CountingJudge()
    results = check_corpus(root, CachingCalibrator(judge, cache_dir=tmp_path / "cal"))
    by_name = {r.package: r for r in results}
    assert "2.in has no answer file" in by_name["broken"].refused
    assert "RuntimeError: engine bug" in by_name["crashy"].crash
    assert by_name["good"].rows[0].ok is True
    assert by_name["multipass"].rows[0].not_judged == "an interactive multi-pass problem"
    text = table(summarise(results))
    assert "| set-a | 2 | 1 | 1 | 1 | - | broken: " in text
    assert "| set-b | 2 | 1 | 0 | 0 | an interactive multi-pass problem: 1 | crashy: " in text


def test_a_package_without_data_is_refused_by_the_format_rule_and_its_submissions_counted(
    tmp_path: Path,
) -> None:
    root = tmp_path / "corpus"
    package = minimal(root / "set-c" / "nodata", files={"submissions/accepted/a.c": ""})
    (package / "submissions/wrong_answer").mkdir()
    (package / "submissions/wrong_answer/b.c").write_text("")
    for name in ("1.in", "1.ans"):
        (package / "data/secret" / name).unlink()
    for folder in ("data/secret", "data"):
        (package / folder).rmdir()
    judge = CountingJudge()
    [result] = check_corpus(root, CachingCalibrator(judge, cache_dir=tmp_path / "cal"))
    assert result.refused.startswith("no data/ directory: the format requires data/secret/")
    assert "(2025-09, Test data" in result.refused
    assert [(r.submission, r.not_judged) for r in result.rows] == [
        ("accepted/a.c", "no test data"),
        ("wrong_answer/b.c", "no test data"),
    ]
    assert judge.calls == []  # nothing ran
    text = table(summarise([result]))
    assert "| set-c | 1 | 2 | 0 | 0 | no test data: 2 | nodata: no data/ directory: the " in text


def test_a_package_result_is_cached_until_the_package_changes(tmp_path: Path) -> None:
    root = corpus(tmp_path / "corpus")
    good = root / "set-a" / "good"
    cache = tmp_path / "results"
    judge = CountingJudge()
    calibrator = CachingCalibrator(judge, cache_dir=tmp_path / "cal")
    first = check_one("set-a", good, calibrator, cache)
    assert judge.calls == ["a.c"] and not first.cached
    again = check_one("set-a", good, calibrator, cache)
    assert judge.calls == ["a.c"] and again.cached  # judged nothing
    assert again.rows == first.rows
    (good / "submissions/accepted/a.c").write_text("/* changed */\n")
    assert not check_one("set-a", good, calibrator, cache).cached
    assert judge.calls == ["a.c", "a.c"]
    check_one("set-b", root / "set-b" / "crashy", calibrator, cache)
    check_one("set-b", root / "set-b" / "crashy", calibrator, cache)
    assert judge.calls.count("boom.c") == 2  # a crash is never cached
