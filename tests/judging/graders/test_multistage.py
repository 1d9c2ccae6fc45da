"""Multi-stage problems (juiz.yaml `multi_stage`) judged by the real engine in the real sandbox:
each stage runs with its arguments, the program between stages passes on or rejects a stage's
output, the last stage is checked, and every stage that ran is in the report."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from judging.classification import Classification as C
from judging.engine import judge, read_submission
from judging.languages import registry
from judging.model import Problem
from judging.problem.package import load_package
from judging.report import Report
from judging.sandbox.base import Sandbox

pytestmark = pytest.mark.sandbox

CODEC = Path(__file__).resolve().parents[1] / "juiz_packages" / "codec"
LANGUAGES = [c for c in registry.all_languages() if registry.is_available(c)]


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    from judging.sandbox import make_sandbox

    return make_sandbox()


@pytest.fixture(scope="module")
def codec() -> Problem:
    return load_package(CODEC)


def judged(problem: Problem, sandbox: Sandbox, name: str) -> Report:
    return judge(read_submission(CODEC / "submissions" / name), problem, LANGUAGES, sandbox)


def test_the_package_declares_a_multi_stage_problem(codec: Problem) -> None:
    assert "multi-stage" in codec.types
    assert codec.multi_stage is not None
    assert [s.name for s in codec.multi_stage.stages] == ["encode", "decode"]


def test_a_correct_codec_is_accepted_with_both_stages_in_the_report(
    codec: Problem, sandbox: Sandbox
) -> None:
    report = judged(codec, sandbox, "accepted/codec.py")
    assert report.classification is C.ACCEPTED, report
    first = report.tests[0]
    assert [(s.name, s.classification) for s in first.stages] == [
        ("encode", C.ACCEPTED),
        ("decode", C.ACCEPTED),
    ]
    assert first.stages[0].output_preview == "0805121215\n"  # "hello", encoded
    assert first.output_preview == "hello\n"


def test_an_output_the_program_between_stages_rejects_is_wrong_answer_and_stops(
    codec: Problem, sandbox: Sandbox
) -> None:
    report = judged(codec, sandbox, "wrong_answer/passthrough.py")
    assert report.classification is C.WRONG_ANSWER
    test = report.tests[0]
    assert [s.name for s in test.stages] == ["encode"]
    assert "stage encode: output rejected: the encoding is not digits" in test.checker_message


def test_a_crash_in_the_second_stage_is_that_runs_verdict(codec: Problem, sandbox: Sandbox) -> None:
    report = judged(codec, sandbox, "run_time_error/no_decoder.py")
    assert report.classification is C.INVALID_EXIT_VALUE
    stages = report.tests[0].stages
    assert [(s.name, s.classification) for s in stages] == [
        ("encode", C.ACCEPTED),
        ("decode", C.INVALID_EXIT_VALUE),
    ]
    assert report.tests[0].checker_message == "stage decode: exit code 1"


def test_the_last_stages_output_is_checked_against_the_answer(
    codec: Problem, sandbox: Sandbox
) -> None:
    report = judged(codec, sandbox, "wrong_answer/reversed.py")
    assert report.classification is C.WRONG_ANSWER
    assert [s.name for s in report.tests[0].stages] == ["encode", "decode"]


def test_a_broken_program_between_stages_is_our_failure_not_a_verdict(
    tmp_path: Path, sandbox: Sandbox
) -> None:
    package = Path(shutil.copytree(CODEC, tmp_path / "codec"))
    (package / "juiz/between/between.py").write_text("import sys\nsys.exit(3)\n")
    report = judged(load_package(package), sandbox, "accepted/codec.py")
    assert report.classification is C.REQUIRES_REEVALUATION
    assert "program between stages ended with 3 after stage encode" in report.reason


def test_check_package_agrees_on_every_submission_of_the_codec(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from judging.cli import check_package

    monkeypatch.setenv("JUIZ_CACHE_DIR", str(tmp_path))
    code = check_package.main([str(CODEC)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "multi-stage: encode -> decode" in out
    assert "5 submissions: 5 judged, 5 as expected, 0 disagree" in out
