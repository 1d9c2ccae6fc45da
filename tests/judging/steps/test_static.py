"""Static analysis before any compilation: pre-checks first, then the language, then the size."""

from __future__ import annotations

from pathlib import Path

import pytest

from judging.classification import Classification as C
from judging.languages import registry
from judging.languages.base import LanguageConfig, class_name
from judging.model import Problem
from judging.report import Report
from judging.steps.static import SubmissionFile, static_checks

LANGUAGES = registry.all_languages()
PROBLEM = Problem(id="sum", name="Sum", time_limit_s=1.0, source_size_kib=1)


def test_language_from_the_extension() -> None:
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


def test_order_pre_checks_then_language_then_size() -> None:
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


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (b"public class Sum { public static void main(String[] a) {} }", "Sum"),
        (b"import x.*;\n// public class Fake {}\nfinal public class Real {}", "Real"),
        (b'class A { String s = "public class Q {}"; }\npublic final class B {}', "B"),
        (b"class Helper {}\nclass Solution { public static void main(String[] a) {} }", "Solution"),
        (b"class Outer { public static class Inner {} }\npublic class Top {}", "Top"),
        (b"interface Nothing {}", "Main"),
    ],
)
def test_java_file_name_is_the_public_class(source: bytes, expected: str) -> None:
    assert class_name(source) == expected
    java = registry.get("java")
    assert java is not None
    assert java.source_file_name("whatever.java", source) == f"{expected}.java"


def _disabled(language: LanguageConfig) -> LanguageConfig:
    from dataclasses import replace

    return replace(language, enabled=False)


def test_language_modules_are_complete() -> None:
    ids = [lang.id for lang in LANGUAGES]
    assert len(ids) == len(set(ids))
    for lang in LANGUAGES:
        assert lang.extensions and all(e == e.lower() and "." not in e for e in lang.extensions)
        assert lang.selftest_source and lang.selftest_output
        for template in (lang.compile_command, lang.run_command, lang.version_command):
            if template:
                registry.toolchain(lang)  # fills every template variable without error
        assert registry.get(lang.id) is lang
    assert {"c", "cpp", "java", "python3", "javascript"} <= set(ids)


def test_python_is_debians_not_a_shim() -> None:
    interpreter = registry.python_interpreter()
    assert "pyenv" not in interpreter and Path(interpreter).is_absolute()


def test_missing_toolchain_is_unavailable() -> None:
    from dataclasses import replace

    c = registry.get("c")
    assert c is not None
    assert registry.is_available(c)
    missing = replace(c, compile_command="no-such-compiler-xyz {source}")
    assert not registry.is_available(missing)
    assert registry.missing_programs(missing) == ["no-such-compiler-xyz"]
    assert registry.version(missing) == ""
    broken = replace(c, run_command="{dir}/{nonsense}")
    assert not registry.is_available(broken)


def test_rust_from_a_home_directory_is_not_used() -> None:
    rust = registry.get("rust")
    assert rust is not None
    assert registry.is_available(rust) == any(
        (Path(d) / "rustc").exists() for d in registry.SYSTEM_PATH.split(":")
    )
