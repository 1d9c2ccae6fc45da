"""Static analysis before any compilation: pre-checks first, then the language, then the size."""

from __future__ import annotations

import pytest

from judging.classification import Classification as C
from judging.languages import registry
from judging.languages.base import LanguageConfig
from judging.model import Problem
from judging.report import Report
from judging.steps.static import SubmissionFile, static_checks

LANGUAGES = registry.all_languages()
PROBLEM = Problem(id="sum", name="Sum", time_limit_s=1.0, source_size_kib=1)


def test_the_language_is_chosen_by_the_extension() -> None:
    chosen = static_checks(SubmissionFile("Sol.CPP", b"int main(){}"), PROBLEM, LANGUAGES)
    assert isinstance(chosen, LanguageConfig) and chosen.id == "cpp"


@pytest.mark.parametrize("name", ["solution", "solution.exe", "a.cobol", "c", "a.c.txt"])
def test_unknown_extension_is_an_invalid_submission(name: str) -> None:
    verdict = static_checks(SubmissionFile(name, b"x"), PROBLEM, LANGUAGES)
    assert isinstance(verdict, Report)
    assert verdict.classification is C.INVALID_SUBMISSION
    assert name in verdict.reason


def test_forced_language_wins_over_the_extension() -> None:
    chosen = static_checks(SubmissionFile("a.txt", b"x"), PROBLEM, LANGUAGES, language_id="c")
    assert isinstance(chosen, LanguageConfig) and chosen.id == "c"


def test_forced_unknown_or_disabled_language_is_an_invalid_submission() -> None:
    disabled = [lang if lang.id != "c" else _disabled(lang) for lang in LANGUAGES]
    for languages, language_id in ((LANGUAGES, "cobol"), (disabled, "c")):
        verdict = static_checks(SubmissionFile("a.c", b"x"), PROBLEM, languages, (), language_id)
        assert isinstance(verdict, Report)
        assert verdict.classification is C.INVALID_SUBMISSION


def test_disabled_language_does_not_take_its_files() -> None:
    disabled = [lang if lang.id != "c" else _disabled(lang) for lang in LANGUAGES]
    verdict = static_checks(SubmissionFile("a.c", b"x"), PROBLEM, disabled)
    assert isinstance(verdict, Report) and verdict.classification is C.INVALID_SUBMISSION


def test_program_size_limit_is_inclusive() -> None:
    at_limit = static_checks(SubmissionFile("a.c", b"x" * 1024), PROBLEM, LANGUAGES)
    assert isinstance(at_limit, LanguageConfig)
    over = static_checks(SubmissionFile("a.c", b"x" * 1025), PROBLEM, LANGUAGES)
    assert isinstance(over, Report)
    assert over.classification is C.PROGRAM_SIZE_EXCEEDED
    assert over.language == "c"
    assert "1025 bytes" in over.reason


def test_pre_checks_come_first_then_the_language_then_the_size() -> None:
    calls: list[str] = []

    def solved(submission: SubmissionFile, problem: Problem) -> Report | None:
        calls.append(f"solved {submission.filename} {problem.id}")
        return None

    def not_yours(submission: SubmissionFile, problem: Problem) -> Report | None:
        calls.append("ownership")
        return Report(C.INVALID_SUBMISSION, reason="not your team's problem")

    def never(submission: SubmissionFile, problem: Problem) -> Report | None:
        calls.append("never")
        return None

    huge_unknown = SubmissionFile("a.cobol", b"x" * 5000)
    verdict = static_checks(huge_unknown, PROBLEM, LANGUAGES, [solved, not_yours, never])
    assert calls == ["solved a.cobol sum", "ownership"]
    assert isinstance(verdict, Report) and verdict.reason == "not your team's problem"
    # Without the pre-check, an unknown language is reported before the size.
    verdict = static_checks(huge_unknown, PROBLEM, LANGUAGES, [solved])
    assert isinstance(verdict, Report) and verdict.classification is C.INVALID_SUBMISSION


def _disabled(language: LanguageConfig) -> LanguageConfig:
    from dataclasses import replace

    return replace(language, enabled=False)
