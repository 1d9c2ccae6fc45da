"""The languages (judging/languages/): every module is complete, the registry finds a language's
toolchain (Debian's, never a shim or a home directory's), and a Java file is named after its
public class."""

from __future__ import annotations

from pathlib import Path

import pytest

from judging.languages import registry
from judging.languages.base import class_name

LANGUAGES = registry.all_languages()


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
