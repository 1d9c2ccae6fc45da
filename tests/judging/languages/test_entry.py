"""The language and entry point of a submission of several files (no program runs here)."""

from __future__ import annotations

from pathlib import Path

import pytest

from judging.languages import registry
from judging.languages.base import LanguageConfig
from judging.languages.entry import EntryError, detect_language, program
from judging.submission import Submission, SubmissionFile, read_submission

LANGUAGES = registry.all_languages()


def lang(language_id: str) -> LanguageConfig:
    found = registry.get(language_id)
    assert found is not None
    return found


def py(*pairs: tuple[str, str]) -> list[SubmissionFile]:
    return [SubmissionFile(name, text.encode()) for name, text in pairs]


def test_the_language_is_the_only_one_among_the_files_extensions() -> None:
    assert detect_language(["a.cpp", "b.cpp", "testlib.h", "notes.txt"], LANGUAGES).id == "cpp"
    with pytest.raises(EntryError, match=r"several languages \(c: a\.c; cpp: b\.cpp\)"):
        detect_language(["a.c", "b.cpp"], LANGUAGES)
    with pytest.raises(EntryError, match="no language of this contest takes any"):
        detect_language(["README", "x.h"], LANGUAGES)


def test_python_starts_the_file_named_like_the_submission_then_main() -> None:
    both = py(("helper.py", "X = 1\n"), ("solve.py", "import helper\n"))
    assert program(lang("python3"), both, "solve").entry == "solve.py"
    named = py(("helper.py", ""), ("main.py", ""))
    assert program(lang("python3"), named, "other").entry == "main.py"
    dunder = py(("helper.py", ""), ("__main__.py", ""), ("main.py", ""))
    assert program(lang("python3"), dunder, "other").entry == "__main__.py"


def test_python_falls_back_to_the_one_file_with_a_main_guard() -> None:
    guarded = py(("a.py", "def f(): pass\n"), ("b.py", 'if __name__ == "__main__":\n    f()\n'))
    chosen = program(lang("python3"), guarded, "sub")
    assert (chosen.entry, chosen.compile_files) == ("b.py", ("a.py", "b.py"))


def test_without_a_clue_the_first_file_is_the_entry_point_as_on_domjudge() -> None:
    # DOMjudge's run scripts start ${ENTRY_POINT:-$1}: the first file.
    assert program(lang("python3"), py(("b.py", ""), ("a.py", "")), "sub").entry == "a.py"
    files = py(("module.js", "export const x = 1;\n"), ("hello.js", "import './module.mjs';\n"))
    chosen = program(lang("javascript"), files, "sub")
    assert chosen.entry == "hello.js"
    # Every file is syntax-checked, the entry point's imports or not.
    assert chosen.compile_files == ("module.js", "hello.js")


def test_an_included_driver_is_the_entry_point() -> None:
    both = py(("main.py", "import sol\n"), ("sol.py", ""))
    assert program(lang("python3"), both, "sol", included=("main.py",)).entry == "main.py"


def test_java_runs_the_class_declaring_main_with_its_package() -> None:
    sources = py(
        ("Helper.java", "class Helper { static int two() { return 2; } }\n"),
        (
            "Solver.java",
            "package contest;\npublic class Solver {\n"
            "  public static void main(String[] a) {}\n}\n",
        ),
    )
    chosen = program(lang("java"), sources, "x")
    assert (chosen.name, chosen.compile_files) == ("contest.Solver", ("Helper.java", "Solver.java"))
    mains = py(
        ("A.java", "class A { static void main(String[] a) {} }"),
        ("Main.java", "class Main { static void main(String[] a) {} }"),
    )
    assert program(lang("java"), mains, "x").name == "Main"
    assert program(lang("java"), mains, "x", entrypoint="A").name == "A"


def test_c_and_cpp_compile_every_file_and_quote_their_names() -> None:
    chosen = program(lang("cpp"), py(("main.cpp", ""), ("b c.cpp", ""), ("x.h", "")), "s")
    assert chosen.compile_files == ("main.cpp", "b c.cpp")
    assert chosen.compile_source == "main.cpp 'b c.cpp'"


def test_an_entrypoint_that_is_no_file_is_refused() -> None:
    with pytest.raises(EntryError, match="entry point 'nope' is not one"):
        program(lang("python3"), py(("a.py", "")), "a", entrypoint="nope")


def test_a_directory_reads_as_a_submission_without_dot_files(tmp_path: Path) -> None:
    (tmp_path / "prog" / "pkg").mkdir(parents=True)
    (tmp_path / "prog" / "main.py").write_text("x")
    (tmp_path / "prog" / "pkg" / "util.py").write_text("y")
    (tmp_path / "prog" / ".orig").write_text("z")
    read = read_submission(tmp_path / "prog")
    assert read.name == "prog"
    assert [f.filename for f in read.files] == ["main.py", "pkg/util.py"]
    assert read.size == 2
    with pytest.raises(ValueError, match="unusable file name"):
        Submission((SubmissionFile("../escape.py", b""), SubmissionFile("a.py", b"")), "x")
    # One file's name is no path: it is only the extension's carrier.
    assert Submission.of(SubmissionFile("../odd.py", b"")).filename == "../odd.py"


def test_a_pascal_submission_starts_its_program_not_its_units() -> None:
    files = py(
        ("hello.pp", "unit hello;\ninterface\nprocedure p();\nimplementation\nend.\n"),
        ("run.pas", "(* program in a comment *)\nPROGRAM run(output);\nuses hello;\nend.\n"),
    )
    chosen = program(lang("pascal"), files, "multi")
    assert chosen.entry == "run.pas" and chosen.compile_files == ("run.pas",)


def test_java_without_a_main_method_cannot_be_built_even_in_main_java() -> None:
    no_main = py(("Main.java", "public class main { int main() { return 0; } }\n"))
    with pytest.raises(EntryError, match=r"no class declares `static void main"):
        program(lang("java"), no_main, "Main.java")


def test_a_single_java_file_in_a_package_runs_by_its_full_name() -> None:
    source = "package bin;\nclass Main { public static void main(String[] a) {} }\n"
    assert program(lang("java"), py(("Main.java", source)), "Main.java").name == "bin.Main"
